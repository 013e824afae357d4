s1:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s1
    - onchanges_any:
      - test: s3
      - test: s12
    - listen:
      - test: s0
    - onfail_all:
      - test: s7
      - test: s10
s2:
  test.succeed_with_changes:
    - use:
      - sls: a
    - prereq_in:
      - s5
      - sls: b
s6:
  test.succeed_without_changes:
    - name: name6
    - listen:
      - s12
      - sls: a
    - onchanges_any:
      - test: s2
      - test: s9
