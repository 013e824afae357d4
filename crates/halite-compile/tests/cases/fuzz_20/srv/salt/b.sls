id0:
  test.nop:
    - order: first
    - mode: 755
    - onfail_any:
      - cmd: /tmp/n6
    - prereq_in:
      - cmd: id5
id5:
  file.managed:
    - name: /tmp/n5
    - order: last
    - onchanges:
      - test: id2
      - file: id11
id9:
  file.managed:
    - mode: 755
