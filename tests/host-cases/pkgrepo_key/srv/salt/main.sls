# a repository signed by the reset's throwaway key: its line goes to the list the test apt
# configuration reads, so the refresh verifies it with the key written here
signed-repo:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestsy-keyrings/halitetestsy-signed.gpg] file:/var/tmp/halitetestsy-signed-repo ./
    - file: /etc/apt/sources.list.d/halitetest-pkg.list
    - key_url: /var/tmp/halitetestsy-keysrc/signed.asc
    - aptkey: False
# a key from salt:// for a repository that is not read (no refresh)
static-key-repo:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestsy-keyrings/halitetestsy-static.gpg] file:/var/tmp/halitetestsy-static-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestsy-static.list
    - key_url: salt://keys/static.asc
    - aptkey: False
    - refresh: False
