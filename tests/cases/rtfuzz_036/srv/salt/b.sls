s2:
  test.succeed_without_changes:
    - name: name2
    - order: 3
    - listen_in:
      - test: s6
s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
s4:
  test.fail_with_changes:
    - prereq:
      - s2
s5:
  test.fail_without_changes:
    - order: last
    - require:
      - test: s0
      - test: s8
