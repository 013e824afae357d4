# no key here: Salt 3008 checks signed-by only after adding a key_url's key, and without a
# signed-by folder it would write that key to /etc/apt/keyrings
no-signed-by:
  pkgrepo.managed:
    - name: deb file:/var/tmp/halitetestsy-nosig-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestsy-nosig.list
    - aptkey: False
    - refresh: False
missing-key:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestsy-keyrings/halitetestsy-missing.gpg] file:/var/tmp/halitetestsy-missing-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestsy-missing.list
    - key_url: salt://keys/missing.asc
    - aptkey: False
    - refresh: False
