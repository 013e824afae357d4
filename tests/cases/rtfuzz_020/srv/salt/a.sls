s5:
  test.nop:
    - prereq_in:
      - s2
    - watch_in:
      - test: s1
      - test: s3
s9:
  test.fail_without_changes:
    - name: name9
    - failhard: True
