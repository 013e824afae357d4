id1:
  test.nop:
    - order: 100
    - mode: 600
    - onfail_any:
      - sls: main
      - test: id30
      - test: /tmp/n26
id4:
  test.nop:
    - name: /tmp/n4
    - onfail:
      - test: id28
      - id2
      - cmd: id29
    - onfail_in:
      - test: /tmp/n20
    - prereq:
      - file: id27
id9:
  test.succeed_without_changes:
    - name: /tmp/n9
    - order: weird
id10:
  service.running:
    - name: /tmp/n10
    - mode: 755
id12:
  test.nop:
    - onfail:
      - test: id20
    - listen:
      - service: id0
      - id2
id15:
  test.succeed_without_changes:
    - name: /tmp/n15
    - mode: 600
    - use:
      - cmd: id7
    - listen_in:
      - cmd: id13
      - sls: c
      - sls: c
    - require:
      - test: id26
id20:
  test.succeed_without_changes:
    - name: /tmp/n20
    - mode: 644
    - onchanges:
      - service: id14
    - onchanges_in:
      - test: id28
      - cmd: id22
      - test: /tmp/n4
id28:
  test.succeed_without_changes:
    - order: last
    - mode: 600
    - use:
      - cmd: id18
