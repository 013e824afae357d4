# pkgrepo.absent with keyid: pkg.del_repo_key once the repo is gone (the static key: its id is
# the same every run)
# apt-key del of the key key_text added to the case's trusted.gpg
absent-aptkey:
  pkgrepo.absent:
    - name: deb file:/var/tmp/halitetestky-text-repo bookworm main
    - keyid: 69610CB193876BE2
# aptkey False: the keyring file of keydir that holds the key is deleted (a short key id)
absent-keydir:
  pkgrepo.absent:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-text.gpg] file:/var/tmp/halitetestky-text-repo2 bookworm main
    - keyid: 93876BE2
    - aptkey: False
    - keydir: /var/tmp/halitetestky-static
# no keyring holds it: keyid False
absent-unknown-key:
  pkgrepo.absent:
    - name: deb file:/var/tmp/halitetestky-known-repo bookworm main
    - keyid: 0123456789ABCDEF
    - aptkey: False
    - keydir: /var/tmp/halitetestky-keyrings
# neither 8 nor 16 characters: False
absent-odd-keyid:
  pkgrepo.absent:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-known.gpg] file:/var/tmp/halitetestky-known-repo2 bookworm main
    - keyid: '12345'
    - aptkey: False
    - keydir: /var/tmp/halitetestky-keyrings
# keyid_ppa without a ppa: name
absent-keyid-ppa:
  pkgrepo.absent:
    - name: deb [signed-by=/var/tmp/halitetestky-keyrings/halitetestky-short.gpg] file:/var/tmp/halitetestky-known-repo3 bookworm main
    - keyid_ppa: True
# a keydir that does not exist: False
absent-no-keydir:
  pkgrepo.absent:
    - name: deb file:/var/tmp/halitetestky-repo-u ./
    - keyid: 0123456789ABCDEF
    - aptkey: False
    - keydir: /var/tmp/halitetestky-nodir
