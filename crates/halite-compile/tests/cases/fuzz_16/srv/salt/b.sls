id2:
  test.succeed_without_changes:
    - mode: 600
    - require_any:
      - id0
      - service: id11
id4:
  test.succeed_without_changes:
    - order: 5
    - require:
      - test: /tmp/n14
      - service: id11
id5:
  test.nop:
    - names:
      - id5_n0:
        - comment: c0
      - id5_n1
    - order: last
    - require_any:
      - test: id2
id6:
  test.nop:
    - mode: 755
    - prereq_in:
      - cmd: id0
      - sls: b
    - onfail_in:
      - id1
    - listen_in:
      - cmd: id1
      - test: id2
      - id3
id8:
  test.succeed_without_changes:
    - order: 5
    - use_in:
      - cmd: id7
    - use:
      - test: id2
      - cmd: id1
      - sls: main
id9:
  file.managed:
    - name: /tmp/n9
    - mode: 644
