include:
  - a
  - b
s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - require_any:
      - test: s9
      - test: s5
s1:
  test.succeed_without_changes:
    - prereq_in:
      - test: s3
s4:
  test.fail_with_changes:
    - listen_in:
      - s2
s5:
  test.fail_with_changes:
    - require_in:
      - test: s2
s6:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s6
    - onchanges_any:
      - test: s9
s7:
  test.succeed_without_changes:
    - name: name7
    - listen:
      - test: s9
      - test: s8
    - listen_in:
      - test: s4
    - watch_in:
      - test: s9
      - test: s6
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - order: last
    - listen:
      - s4
    - onchanges:
      - sls: main
