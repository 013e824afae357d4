id0:
  cmd.run:
    - names:
      - id0_n0:
        - comment: c0
    - order: -1
    - watch_in:
      - file: id6
      - cmd: id9
      - file: id8
id3:
  file.managed:
    - name: /tmp/n3
    - mode: 755
    - onfail:
      - test: id2
      - test: /tmp/n2
id6:
  file.managed:
    - order: -3
    - mode: 600
    - use_in:
      - file: id6
    - prereq_in:
      - sls: c
      - file: id8
    - listen:
      - cmd: id9
      - file: id3
      - sls: c
