# Salt's tests/pytests/functional/modules/state/requisites/test_onchanges.py (3008.4):
# test_onchanges_any_recursive_error_issues_50811, prereq on an onchanges_any state.
unchanged_A:
  test.succeed_without_changes

unchanged_B:
  test.succeed_without_changes

prereq_on_test_on_changes_any:
  test.succeed_with_changes:
    - prereq:
      - test_on_changes_any

test_on_changes_any:
  test.succeed_without_changes:
    - onchanges_any:
      - unchanged_A
      - unchanged_B
