s0:
  test.fail_without_changes:
    - listen_in:
      - test: s4
      - test: s10
    - watch_in:
      - test: s8
      - sls: b
s1:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s1
    - order: 1
    - onchanges:
      - test: s6
s7:
  test.succeed_with_changes:
    - name: name7
    - prereq_in:
      - s8
      - test: s0
    - onfail_in:
      - test: s2
s9:
  test.fail_with_changes:
    - onfail_in:
      - test: s4
      - test: s0
s10:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s10
    - require_any:
      - test: s12
s12:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s12
    - names:
      - s12_n0
    - unless: false
    - onfail_all:
      - test: s0
