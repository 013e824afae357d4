include:
  - a
  - b
s4:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s4
    - watch_any:
      - test: s10
      - test: name2
s5:
  test.fail_without_changes:
    - check_cmd: true
s6:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s6
    - watch_any:
      - test: s14
      - test: s12
s11:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s11
    - check_cmd: true
    - onfail_all:
      - test: s1
s13:
  test.succeed_with_changes:
    - name: name13
    - order: last
    - unless: true
    - listen:
      - test: s0
s14:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s14
    - unless: true
s15:
  test.succeed_with_changes:
    - name: name15
    - watch_any:
      - s12
      - s7
    - prereq_in:
      - test: s4
      - test: s9
    - listen_in:
      - test: s2
      - s3
