include:
  - a
  - b
s0:
  test.succeed_with_changes:
s3:
  test.succeed_without_changes:
    - name: name3
    - listen_in:
      - sls: a
      - test: s8
s4:
  test.fail_with_changes:
    - use:
      - test: s1
    - onchanges_in:
      - test: s9
    - require_in:
      - test: s6
      - test: s8
s5:
  test.nop:
    - names:
      - s5_n0
      - s5_n1
      - s5_n2
    - order: 3
s9:
  test.nop:
    - names:
      - s9_n0
      - s9_n1
      - s9_n2
