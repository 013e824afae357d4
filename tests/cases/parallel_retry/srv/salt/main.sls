par1:
  test.configurable_test_state:
    - changes: False
    - result: False
    - parallel: True
    - retry:
        attempts: 2
        interval: 0
par2:
  test.succeed_with_changes:
    - parallel: True
    - retry:
        attempts: 3
        interval: 0
par3:
  test.fail_without_changes:
    - comment: nope
    - parallel: True
    - retry:
        attempts: 1
        interval: 0
after:
  test.nop: []
