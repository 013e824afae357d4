id3:
  test.nop:
    - listen:
      - test: id10
      - sls: a
    - onchanges:
      - sls: b
id7:
  service.running:
    - name: /tmp/n7
    - order: 5
    - require:
      - test: id2
    - watch_in:
      - test: id14
      - service: id5
    - onfail:
      - id14
id9:
  file.managed:
    - name: /tmp/n9
    - order: last
    - prereq:
      - sls: main
      - cmd: id1
    - require_in:
      - test: id8
      - service: id8
      - test: id12
id14:
  service.running:
    - name: /tmp/n14
id15:
  service.running:
    - mode: 644
