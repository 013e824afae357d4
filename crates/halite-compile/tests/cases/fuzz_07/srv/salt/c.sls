exclude:
  - id: id6
id7:
  test.nop:
    - names:
      - id7_n0:
        - comment: c0
      - id7_n1:
        - comment: c1
      - id7_n2:
        - comment: c2
    - order: first
    - onfail_any:
      - sls: main
      - test: id7
