s1:
  test.configurable_test_state:
    - name: name1
    - changes: False
    - result: True
    - comment: c_s1
    - order: 3
    - onlyif: true
s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
    - prereq:
      - test: s5
s4:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s4
    - onlyif: false
    - listen:
      - s13
      - test: s3
    - onfail_in:
      - test: s1
      - test: s5
s9:
  test.succeed_with_changes:
    - listen_in:
      - test: s15
s15:
  test.fail_with_changes:
    - onfail_any:
      - test: s5
      - test: name8
    - onchanges_in:
      - test: s11
      - test: s8
