# key_url over http, aptkey False: the key fetched into the cache, dearmored and copied to
# the signed-by keyring (no refresh: the repository is never read)
key-url-http:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestnw-keyrings/halitetestnw.gpg] file:/var/tmp/halitetestnw-repo bookworm main
    - file: /etc/apt/sources.list.d/halitetestnw.list
    - key_url: http://127.0.0.1:38395/key.asc
    - aptkey: False
    - refresh: False

# a key_url the server does not have
key-url-404:
  pkgrepo.managed:
    - name: deb [signed-by=/var/tmp/halitetestnw-keyrings/halitetestnw-404.gpg] file:/var/tmp/halitetestnw-repo2 bookworm main
    - file: /etc/apt/sources.list.d/halitetestnw.list
    - key_url: http://127.0.0.1:38395/nope.asc
    - aptkey: False
    - refresh: False
