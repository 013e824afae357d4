include:
  - a
  - b
  - c
id0:
  test.nop:
    - name: /tmp/n0
    - names:
      - id0_n0
      - id0_n1
      - id0_n2
    - order: 100
    - onchanges_in:
      - test: id7
      - cmd: id6
    - require_any:
      - cmd: id7
      - test: id5
extend:
  id9:
    test:
      - mode: 700
      - require:
        - test: id9
