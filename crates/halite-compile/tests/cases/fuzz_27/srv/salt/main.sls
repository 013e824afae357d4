include:
  - a
  - b
  - c
id1:
  file.managed:
    - watch_in:
      - cmd: id4
    - require_in:
      - sls: b
      - test: id10
id5:
  service.running:
    - comment: plain
id12:
  test.succeed_without_changes:
    - name: /tmp/n12
    - names:
      - id12_n0
    - order: 10001
    - mode: 644
id14:
  test.succeed_without_changes:
    - names:
      - id14_n0
      - id14_n1:
        - comment: c1
      - id14_n2:
        - comment: c2
    - order: 1
    - mode: 755
id15:
  cmd.run:
    - order: 100
    - mode: 644
    - watch_in:
      - file: id13
      - cmd: id4
extend:
  id13:
    file:
      - mode: 700
      - require:
        - test: id0
