s2:
  test.fail_with_changes:
    - use:
      - test: s11
      - test: s1
s6:
  test.nop:
    - order: 3
s9:
  test.fail_without_changes:
s12:
  test.succeed_without_changes:
    - name: name12
    - prereq_in:
      - test: s6
