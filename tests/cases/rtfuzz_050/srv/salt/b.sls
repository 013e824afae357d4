s7:
  test.nop:
s12:
  test.succeed_with_changes:
    - name: name12
    - onfail:
      - s3
    - prereq:
      - test: s13
    - onchanges_any:
      - sls: a
      - test: s9
s14:
  test.fail_without_changes:
    - name: name14
    - order: 10
    - watch_in:
      - test: s0
      - test: s2
    - onchanges_any:
      - test: s0
      - test: s2
s15:
  test.succeed_without_changes:
    - failhard: True
    - require_any:
      - s8
