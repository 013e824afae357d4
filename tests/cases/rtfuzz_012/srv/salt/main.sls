include:
  - a
  - b
s4:
  test.nop:
    - name: name4
    - failhard: True
s7:
  test.succeed_with_changes:
    - require_any:
      - test: s3
s8:
  test.succeed_with_changes:
    - prereq:
      - s11
    - watch_any:
      - test: s9
s10:
  test.succeed_with_changes:
    - names:
      - s10_n0
    - watch_in:
      - test: s6
