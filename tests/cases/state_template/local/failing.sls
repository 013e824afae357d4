failing:
  test.fail_without_changes
