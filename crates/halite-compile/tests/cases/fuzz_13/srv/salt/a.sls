id1:
  test.succeed_without_changes:
    - mode: 600
    - watch:
      - cmd: id12
    - prereq_in:
      - cmd: id11
      - service: id13
      - cmd: id12
    - onchanges_in:
      - sls: b
id2:
  test.succeed_without_changes:
    - name: /tmp/n2
    - use_in:
      - id0
id3:
  file.managed:
    - name: /tmp/n3
    - mode: 755
    - prereq:
      - cmd: id12
      - sls: a
    - prereq:
      - file: id9
id4:
  service.running:
    - mode: 644
    - onchanges:
      - service: id4
      - service: id4
      - test: id9
    - use_in:
      - service: id13
      - test: id5
      - file: id7
id7:
  file.managed:
    - name: /tmp/n7
    - mode: 644
id8:
  cmd.run:
    - names:
      - id8_n0
    - order: -1
    - mode: 644
    - watch_in:
      - cmd: id6
    - listen:
      - id1
    - onchanges_in:
      - service: id4
id12:
  cmd.run:
    - names:
      - id12_n0:
        - comment: c0
      - id12_n1:
        - comment: c1
      - id12_n2:
        - comment: c2
    - mode: 755
    - watch:
      - cmd: id6
    - onfail_in:
      - test: id2
      - sls: b
