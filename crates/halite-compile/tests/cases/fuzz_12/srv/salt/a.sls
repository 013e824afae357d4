id1:
  cmd.run:
    - name: /tmp/n1
    - order: first
id6:
  test.nop:
    - prereq:
      - cmd: id1
      - test: id16
    - prereq_in:
      - sls: b
      - service: id0
      - service: /tmp/n4
    - onfail_any:
      - test: id6
      - cmd: id1
id7:
  test.nop:
    - watch:
      - cmd: id2
      - cmd: id6
    - onchanges_in:
      - sls: main
      - service: /tmp/n4
      - test: id1
id10:
  test.nop:
    - mode: 755
    - watch_in:
      - test: id12
id13:
  test.nop:
    - mode: 755
    - listen:
      - cmd: id1
    - onfail_in:
      - cmd: id8
      - test: id12
