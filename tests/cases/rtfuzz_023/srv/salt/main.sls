include:
  - a
  - b
s3:
  test.fail_with_changes:
s4:
  test.nop:
    - require:
      - test: s0
      - test: s8
s5:
  test.succeed_with_changes:
    - name: name5
    - use:
      - test: s9
s9:
  test.nop:
    - onfail_in:
      - s4
      - test: s6
    - require:
      - sls: main
s10:
  test.nop:
    - name: name10
    - order: first
