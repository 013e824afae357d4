include:
  - a
  - b
s2:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s2
    - order: 10
    - onchanges_in:
      - test: s7
      - test: s1
    - listen_in:
      - sls: b
      - test: s5
s3:
  test.fail_without_changes:
s7:
  test.configurable_test_state:
    - name: name7
    - changes: True
    - result: True
    - comment: c_s7
    - prereq_in:
      - test: name1
      - test: s2
