# With Salt's proxy options (the case's minion config), mod_repo builds an `apt-key adv`
# command with the proxy and never runs it: nothing is received (nothing listens on port 19)
# and the repository is configured, with apt-key or a signed-by keyring.
proxied-aptkey:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-proxied-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-proxied.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:19
    - refresh: False
proxied-signedby:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-proxied.gpg] file:/var/tmp/halitetestky-proxied-repo2 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-proxied.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:19
    - aptkey: False
    - refresh: False
# a keyserver in no_proxy (pillar) is asked directly
not-proxied:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-direct.gpg] file:/var/tmp/halitetestky-proxied-repo3 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-proxied.list
    - keyid: 0123456789ABCDEF
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
