id1:
  test.succeed_without_changes:
    - name: /tmp/n1
    - names:
      - id1_n0:
        - comment: c0
      - id1_n1
      - id1_n2:
        - comment: c2
    - mode: 644
    - listen:
      - sls: c
    - require:
      - test: id12
      - service: id0
    - prereq_in:
      - cmd: id3
id2:
  file.managed:
    - name: /tmp/n2
    - mode: 755
id5:
  test.succeed_without_changes:
    - comment: plain
