include:
  - a
  - b
s6:
  test.fail_with_changes:
    - name: name6
    - onfail_all:
      - test: s8
      - s15
    - onchanges_in:
      - test: s8
      - test: s10
    - onfail_any:
      - test: s4
s8:
  test.nop:
s9:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s9
    - order: last
    - onlyif: true
    - onchanges_in:
      - sls: main
      - s6
s12:
  test.succeed_with_changes:
    - check_cmd: true
    - onfail_all:
      - sls: a
s14:
  test.succeed_with_changes:
s15:
  test.nop:
    - name: name15
    - onlyif: false
    - onfail_any:
      - test: s1
      - test: s8
    - prereq:
      - test: s10
      - sls: a
