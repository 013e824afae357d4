s3:
  test.fail_without_changes:
    - listen_in:
      - test: s2
      - test: s8
    - onchanges:
      - test: s9
