include:
  - a
  - b
s1:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s1
    - listen_in:
      - test: s2
    - onfail_any:
      - test: s11
s3:
  test.succeed_with_changes:
    - name: name3
    - onlyif: true
    - onchanges_in:
      - test: s7
s5:
  test.succeed_without_changes:
    - order: 3
    - listen_in:
      - test: s10
