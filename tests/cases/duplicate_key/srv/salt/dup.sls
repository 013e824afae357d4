same_id:
  test.nop
other:
  test.nop
same_id:
  test.fail_without_changes
