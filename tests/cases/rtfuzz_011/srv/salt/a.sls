s1:
  test.fail_without_changes:
    - failhard: True
    - onfail:
      - test: s5
      - test: s0
    - require:
      - test: s0
s7:
  test.fail_without_changes:
    - order: 3
    - require:
      - test: s8
      - test: s10
