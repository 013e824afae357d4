id0:
  test.nop:
    - mode: 600
id5:
  service.running:
    - name: /tmp/n5
    - names:
      - id5_n0
    - mode: 644
    - prereq:
      - id3
    - listen_in:
      - test: id13
    - require_in:
      - cmd: id23
id7:
  file.managed:
    - name: /tmp/n7
    - order: first
    - mode: 644
    - onfail:
      - cmd: id8
    - use_in:
      - test: id21
      - service: id5
id10:
  service.running:
    - names:
      - id10_n0
      - id10_n1
    - mode: 644
    - onfail_in:
      - sls: a
      - sls: a
    - require_any:
      - id14
id13:
  test.nop:
    - name: /tmp/n13
    - mode: 755
id14:
  test.succeed_without_changes:
    - name: /tmp/n14
    - require_any:
      - cmd: id15
    - watch:
      - service: id10
      - test: /tmp/n6
      - test: id1
id15:
  file.managed:
    - name: /tmp/n15
    - mode: 755
    - prereq_in:
      - test: id24
      - sls: b
    - listen_in:
      - service: /tmp/n2
    - prereq_in:
      - test: id19
id18:
  cmd.run:
    - names:
      - id18_n0:
        - comment: c0
      - id18_n1
      - id18_n2:
        - comment: c2
    - order: -3
    - mode: 755
    - prereq:
      - test: id9
      - sls: c
