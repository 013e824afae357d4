include:
  - a
  - b
s4:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s4
s7:
  test.succeed_with_changes:
    - onfail_all:
      - sls: main
    - onfail_all:
      - s8
      - test: s9
    - listen:
      - test: s5
