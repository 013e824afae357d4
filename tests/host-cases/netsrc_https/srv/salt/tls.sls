# verify_ssl: False accepts the self-signed certificate
no_verify:
  file.managed:
    - name: /var/tmp/halitetestnw-tlsout/a.txt
    - source: https://127.0.0.1:38394/a.txt
    - skip_verify: True
    - verify_ssl: False

# verified (the default): Python's certificate error
verified:
  file.managed:
    - name: /var/tmp/halitetestnw-tlsout/b.txt
    - source: https://127.0.0.1:38394/b.txt
    - skip_verify: True
