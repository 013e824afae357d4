s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - names:
      - s0_n0
      - s0_n1
    - listen_in:
      - s1
    - listen_in:
      - test: s2
s1:
  test.succeed_without_changes:
    - require_in:
      - test: s2
s2:
  test.fail_without_changes:
    - name: name2
    - onfail_all:
      - test: s1
      - test: s6
s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
s6:
  test.succeed_without_changes:
    - onchanges_in:
      - test: s3
      - s0
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - listen:
      - test: s0
      - test: s8
    - onchanges_in:
      - sls: a
