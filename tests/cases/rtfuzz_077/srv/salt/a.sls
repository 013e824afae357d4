s0:
  test.fail_with_changes:
    - name: name0
    - watch:
      - sls: main
      - test: s16
    - require_in:
      - sls: main
s2:
  test.fail_without_changes:
    - order: first
    - watch_in:
      - test: s16
    - prereq:
      - sls: main
    - onchanges_in:
      - sls: main
s5:
  test.succeed_with_changes:
    - names:
      - s5_n0
    - onfail:
      - test: s16
      - test: s13
s6:
  test.succeed_without_changes:
    - onlyif: false
    - use:
      - s16
      - s17
s8:
  test.succeed_without_changes:
    - order: 3
s10:
  test.nop:
    - onchanges:
      - test: s0
      - test: s4
s13:
  test.nop:
    - require_in:
      - test: s9
s16:
  test.configurable_test_state:
    - name: name16
    - changes: False
    - result: True
    - comment: c_s16
    - order: last
    - watch_in:
      - s3
      - test: s18
    - onfail_all:
      - test: s12
      - s12
