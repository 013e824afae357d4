id2:
  service.running:
    - name: /tmp/n2
    - use_in:
      - sls: main
id3:
  test.nop:
    - name: /tmp/n3
    - order: first
    - mode: 755
id4:
  service.running:
    - name: /tmp/n4
    - names:
      - id4_n0
      - id4_n1
      - id4_n2
    - mode: 600
    - require:
      - id5
    - prereq_in:
      - sls: a
    - require_any:
      - service: id12
      - file: id24
      - test: id10
id8:
  file.managed:
    - names:
      - id8_n0:
        - comment: c0
      - id8_n1
    - order: weird
id10:
  test.succeed_without_changes:
    - mode: 600
    - prereq:
      - sls: main
      - id16
id11:
  test.nop:
    - name: /tmp/n11
    - names:
      - id11_n0
    - require_in:
      - file: id9
      - sls: c
      - id15
    - onfail_in:
      - test: id15
id12:
  service.running:
    - name: /tmp/n12
    - names:
      - id12_n0
    - order: last
    - mode: 644
    - listen_in:
      - sls: a
id14:
  service.running:
    - mode: 755
    - onfail_in:
      - sls: c
    - use_in:
      - file: id9
    - prereq:
      - cmd: id13
      - sls: a
      - file: id0
id16:
  test.nop:
    - name: /tmp/n16
    - order: weird
    - onfail_any:
      - cmd: id25
      - test: id26
    - use:
      - id9
id17:
  file.managed:
    - name: /tmp/n17
    - names:
      - id17_n0
      - id17_n1:
        - comment: c1
    - order: 10001
    - onchanges_in:
      - test: id20
    - use_in:
      - id2
      - file: id9
      - test: id13
id22:
  test.nop:
    - mode: 644
    - listen:
      - sls: main
id27:
  cmd.run:
    - name: /tmp/n27
    - names:
      - id27_n0:
        - comment: c0
      - id27_n1:
        - comment: c1
      - id27_n2:
        - comment: c2
    - mode: 600
    - onfail_in:
      - test: id22
    - require_in:
      - test: id23
      - service: id5
      - sls: c
