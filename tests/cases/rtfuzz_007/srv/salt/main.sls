include:
  - a
  - b
s0:
  test.fail_without_changes:
    - listen:
      - test: s4
    - onfail_all:
      - test: s2
s1:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s1
    - onchanges_in:
      - test: s4
      - test: name4
s5:
  test.nop:
    - onchanges_in:
      - sls: main
      - s6
    - listen:
      - test: s3
s8:
  test.nop:
    - onchanges:
      - test: s1
s9:
  test.succeed_without_changes:
    - name: name9
    - order: 1
    - onfail:
      - test: s1
      - s10
    - require_in:
      - test: s5
s10:
  test.fail_with_changes:
    - onchanges_in:
      - test: s1
      - test: s5
