id8:
  cmd.run:
    - name: /tmp/n8
    - order: last
    - mode: 644
id12:
  test.succeed_without_changes:
    - name: /tmp/n12
    - listen:
      - test: id1
    - listen_in:
      - file: id15
    - listen:
      - cmd: id16
id17:
  file.managed:
    - name: /tmp/n17
    - mode: 600
    - onfail_any:
      - sls: a
      - test: id3
      - cmd: id18
    - use_in:
      - cmd: id23
      - test: id4
id19:
  test.succeed_without_changes:
    - onchanges:
      - test: /tmp/n4
      - test: /tmp/n4
      - file: id17
    - listen:
      - service: id5
      - cmd: id16
id21:
  test.nop:
    - name: /tmp/n21
    - order: 1
    - prereq:
      - test: id13
    - listen_in:
      - test: id9
      - test: id3
id24:
  test.succeed_without_changes:
    - name: /tmp/n24
    - names:
      - id24_n0
      - id24_n1
    - order: -3
    - prereq_in:
      - sls: a
      - cmd: id18
    - watch:
      - service: id10
