id3:
  cmd.run:
    - name: /tmp/n3
    - names:
      - id3_n0:
        - comment: c0
    - order: 5
    - listen:
      - cmd: id2
      - test: id1
      - cmd: id2
    - watch_in:
      - test: /tmp/n1
      - sls: b
id4:
  service.running:
    - name: /tmp/n4
    - order: 100
    - mode: 755
id5:
  test.nop:
    - name: /tmp/n5
    - prereq:
      - test: id7
      - cmd: id9
id7:
  cmd.run:
    - order: weird
id10:
  test.nop:
    - require_in:
      - sls: b
      - id9
id12:
  service.running:
    - order: -1
