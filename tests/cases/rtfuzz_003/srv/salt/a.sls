s3:
  test.fail_with_changes:
