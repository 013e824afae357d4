id7:
  test.succeed_without_changes:
    - name: /tmp/n7
    - require_in:
      - id2
      - sls: c
    - require_any:
      - service: id8
    - use:
      - cmd: /tmp/n2
id8:
  service.running:
    - name: /tmp/n8
    - mode: 600
    - onchanges:
      - id6
id10:
  file.managed:
    - name: /tmp/n10
    - onfail_in:
      - id8
      - cmd: id3
      - service: id4
    - use:
      - test: id7
      - cmd: id5
    - watch_in:
      - test: id9
      - cmd: id2
      - test: id5
