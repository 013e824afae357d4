s5:
  test.nop:
    - name: name5
    - listen:
      - s1
s8:
  test.succeed_without_changes:
    - watch_any:
      - test: s11
      - s2
s12:
  test.fail_with_changes:
    - name: name12
    - prereq:
      - test: s10
    - onfail:
      - test: s9
      - test: s14
