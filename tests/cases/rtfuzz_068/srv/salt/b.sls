s1:
  test.succeed_with_changes:
    - names:
      - s1_n0
      - s1_n1
    - check_cmd: false
    - onfail_all:
      - s8
      - test: s15
    - onchanges_in:
      - test: s10
      - sls: b
s3:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s3
    - check_cmd: false
    - listen_in:
      - s4
      - sls: a
s5:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s5
    - names:
      - s5_n0
    - prereq_in:
      - test: s9
    - onchanges_any:
      - s3
      - test: s9
s13:
  test.succeed_with_changes:
    - onchanges:
      - test: s9
s14:
  test.succeed_without_changes:
