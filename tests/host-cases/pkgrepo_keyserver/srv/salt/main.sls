# The served key's long key id, which the reset wrote (the key is made anew each reset).
{%- set keyid = salt['cmd.run']('cat /var/tmp/halitetestky-keysrc/served.keyid') %}
# apt-key (aptkey True, the default): `apt-key export` does not find the key, `apt-key adv
# --recv-keys` receives it into the case's trusted.gpg; the refresh then verifies the
# repository signed by it
aptkey-keyserver:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-repo-s ./
    - file: /etc/apt/sources.list.d/halitetestky.list
    - keyid: {{ keyid }}
    - keyserver: hkp://127.0.0.1:38371
# aptkey False: the key is not in any keyring of the signed-by folder, `gpg --recv-keys`
# receives it into the signed-by keyring (a keybox, which apt's gpgv reads: the refresh
# verifies this URI of the same repository with it)
signedby-keyserver:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-served.gpg] file:/var/tmp/halitetestky-repo-s2 ./
    - file: /etc/apt/sources.list.d/halitetestky.list
    - keyid: {{ keyid }}
    - keyserver: hkp://127.0.0.1:38371
    - aptkey: False
# key_url with apt-key: `apt-key add FILE` into the case's trusted.gpg
aptkey-key-url:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-repo-u ./
    - file: /etc/apt/sources.list.d/halitetestky.list
    - key_url: /var/tmp/halitetestky-keysrc/url.asc
# The key is there already, so nothing is received: the keyserver named here does not answer
# (nothing listens on port 9). apt-key finds the short key id too.
aptkey-known-key:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-known-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-known.list
    - keyid: {{ keyid[-8:] }}
    - keyserver: hkp://127.0.0.1:9
    - refresh: False
# aptkey False: the long key id is among the keys of the signed-by folder's keyrings (another
# keyring's), so this keyring is not made
signedby-known-key:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-known.gpg] file:/var/tmp/halitetestky-known-repo2 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-known.list
    - keyid: {{ keyid }}
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
# a short key id: not a key of get_repo_keys' answer, but add_repo_key finds a key id ending
# with it
signedby-short-keyid:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-short.gpg] file:/var/tmp/halitetestky-known-repo3 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-known.list
    - keyid: {{ keyid[-8:] }}
    - keyserver: hkp://127.0.0.1:9
    - aptkey: False
    - refresh: False
# key_text: `apt-key add -` whatever aptkey says (into the case's trusted.gpg, not the
# signed-by keyring)
key-text:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestky-text-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-text.list
    - key_text: |
{{ salt['cp.get_file_str']('salt://keys/static.asc') | indent(8, True) }}
    - refresh: False
key-text-signedby:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-text.gpg] file:/var/tmp/halitetestky-text-repo2 bookworm main
    - file: /etc/apt/sources.list.d/halitetestky-text.list
    - key_text: |
{{ salt['cp.get_file_str']('salt://keys/static.asc') | indent(8, True) }}
    - aptkey: False
    - refresh: False
