include:
  - a
  - b
  - c
id2:
  cmd.run:
    - name: /tmp/n2
    - mode: 644
id8:
  test.succeed_without_changes:
    - order: 10001
    - mode: 644
    - watch_in:
      - sls: main
id9:
  file.managed:
    - names:
      - id9_n0
      - id9_n1
    - order: last
    - mode: 755
    - prereq_in:
      - service: id1
      - test: id3
extend:
  id1:
    service:
      - mode: 700
      - require:
        - test: id2
