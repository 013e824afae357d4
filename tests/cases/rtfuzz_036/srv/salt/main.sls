include:
  - a
  - b
s0:
  test.succeed_with_changes:
    - failhard: True
    - onfail_in:
      - sls: a
s8:
  test.nop:
    - onchanges:
      - test: s7
s9:
  test.nop:
    - name: name9
    - order: last
    - onchanges_any:
      - test: s6
