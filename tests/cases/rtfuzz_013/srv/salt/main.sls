include:
  - a
  - b
s1:
  test.configurable_test_state:
    - name: name1
    - changes: False
    - result: False
    - comment: c_s1
    - onchanges_in:
      - test: s3
s2:
  test.configurable_test_state:
    - name: name2
    - changes: False
    - result: True
    - comment: c_s2
    - onfail_in:
      - test: s4
