# file.source_list: an http(s) source in a list is taken when a HEAD request answers it
list_picks_served:
  file.managed:
    - name: /var/tmp/halitetestnw-out/from-list.txt
    - source:
      - salt://missing.txt
      - http://127.0.0.1:38391/nope.txt
      - http://127.0.0.1:38391/hello.txt
    - skip_verify: True

list_none_there:
  file.managed:
    - name: /var/tmp/halitetestnw-out/none.txt
    - source:
      - http://127.0.0.1:38392/hello.txt
      - /var/tmp/halitetestnw-out/missing.txt
    - skip_verify: True
