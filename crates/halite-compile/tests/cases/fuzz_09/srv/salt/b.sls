id0:
  file.managed:
    - name: /tmp/n0
    - names:
      - id0_n0
    - mode: 600
    - use:
      - sls: a
      - test: id1
      - cmd: id4
    - onfail_any:
      - test: id1
      - id12
      - test: id7
    - watch:
      - test: id16
      - sls: b
      - cmd: id11
id9:
  test.succeed_without_changes:
    - name: /tmp/n9
    - mode: 755
    - require_any:
      - sls: main
    - listen_in:
      - sls: a
      - test: id5
    - onchanges:
      - test: id15
id10:
  test.nop:
    - name: /tmp/n10
