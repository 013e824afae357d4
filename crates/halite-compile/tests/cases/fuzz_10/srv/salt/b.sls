id2:
  test.succeed_without_changes:
    - name: /tmp/n2
    - mode: 755
    - listen:
      - cmd: id1
    - prereq:
      - cmd: id6
id4:
  test.nop:
    - name: /tmp/n4
    - mode: 644
    - require:
      - sls: b
      - test: id4
      - cmd: id9
id7:
  cmd.run:
    - name: /tmp/n7
    - names:
      - id7_n0
    - onchanges:
      - file: /tmp/n8
    - onfail:
      - cmd: id7
      - cmd: id9
id8:
  file.managed:
    - name: /tmp/n8
    - onchanges:
      - file: id3
      - cmd: id4
      - id8
