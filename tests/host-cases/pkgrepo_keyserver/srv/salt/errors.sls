# keys that cannot be received, and bad keyid arguments; nothing reaches the sources files
unreachable-signedby:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-err.gpg] file:/var/tmp/halitetestky-err-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
unreachable-aptkey:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-err-repo2 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:9
    - refresh: False
# the keyserver answers 404
unknown-key-aptkey:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-err-repo3 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: FEDCBA9876543210
    - keyserver: hkp://127.0.0.1:38371
    - refresh: False
unknown-key-signedby:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-unknown.gpg] file:/var/tmp/halitetestky-err-repo4 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: FEDCBA9876543210
    - keyserver: hkp://127.0.0.1:38371
    - aptkey: False
    - refresh: False
keyid-without-keyserver:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-err-repo5 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: 0123456789ABCDEF
    - refresh: False
# a YAML int key id is hex()ed
int-keyid:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-int.gpg] file:/var/tmp/halitetestky-err-repo6 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: 12345678
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
# a signed-by folder that does not exist (get_repo_keys answers False)
no-keydir:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-nodir/halitetestky-nodir.gpg] file:/var/tmp/halitetestky-err-repo7 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
no-signedby:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-err-repo8 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
# a list: the first key is there already (see main), the second cannot be received
keyid-list:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-list.gpg] file:/var/tmp/halitetestky-err-repo9 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-err.list
    - keyid:
      - {{ salt['cmd.run']('cat /var/tmp/halitetestky-keysrc/served.keyid') }}
      - 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
