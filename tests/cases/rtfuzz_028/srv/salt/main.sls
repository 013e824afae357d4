include:
  - a
  - b
s3:
  test.succeed_without_changes:
    - name: name3
    - listen_in:
      - s4
      - test: s6
    - onfail_all:
      - test: s2
      - sls: b
s4:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s4
    - onchanges_any:
      - test: s0
      - test: s7
    - listen_in:
      - test: s0
      - test: s8
    - onfail_all:
      - test: s7
      - test: s1
s8:
  test.succeed_without_changes:
    - failhard: True
