# a signed-by folder that does not exist (Salt 3008 makes it), and a signed-by keyring named
# .asc (Salt 3008 keeps the key armored there)
missing-keydir:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestsy-newkeys/halitetestsy-new.gpg] file:/var/tmp/halitetestsy-new-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestsy-new.list
    - key_url: salt://keys/static.asc
    - aptkey: False
    - refresh: False
asc-keyring:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestsy-keyrings/halitetestsy-armored.asc] file:/var/tmp/halitetestsy-asc-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestsy-asc.list
    - key_url: salt://keys/static.asc
    - aptkey: False
    - refresh: False
