s2:
  test.configurable_test_state:
    - name: name2
    - changes: True
    - result: False
    - comment: c_s2
    - order: first
    - prereq:
      - s1
s4:
  test.succeed_with_changes:
    - name: name4
    - listen:
      - test: name8
s7:
  test.fail_with_changes:
    - onfail_all:
      - test: s2
      - test: s1
    - watch_in:
      - s8
s8:
  test.fail_without_changes:
    - name: name8
    - order: 1
    - onchanges_in:
      - test: s6
      - sls: a
    - watch_any:
      - test: s11
      - test: s9
s9:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s9
    - onfail_in:
      - sls: a
    - require_any:
      - s0
      - test: s8
s10:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s10
    - use:
      - test: s9
      - test: s3
