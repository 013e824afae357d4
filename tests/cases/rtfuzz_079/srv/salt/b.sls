s4:
  test.fail_without_changes:
    - order: 3
    - check_cmd: true
    - watch_any:
      - test: s1
      - test: s5
s6:
  test.fail_with_changes:
    - prereq_in:
      - s7
s9:
  test.fail_with_changes:
    - names:
      - s9_n0
    - prereq_in:
      - test: s3
