a:
  test.succeed_with_changes
b:
  test.succeed_without_changes
c:
  test.fail_with_changes
d:
  test.fail_without_changes
e:
  test.nop
f:
  test.show_notification:
    - text: hello there
g:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: configured
h:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: configured fail
i:
  test.configurable_test_state:
    - result: True
    - allow_test_mode_failure: True
    - changes: True
j:
  test.succeed_with_changes:
    - name: jname
    - comment: custom
k:
  test.fail_without_changes:
    - comment: custom fail
