s2:
  test.configurable_test_state:
    - name: name2
    - changes: True
    - result: False
    - comment: c_s2
    - watch:
      - test: s18
      - test: s7
    - watch:
      - test: s6
      - test: s18
s3:
  test.nop:
    - name: name3
    - order: 1
    - failhard: True
    - watch_any:
      - test: s1
s17:
  test.succeed_with_changes:
    - onlyif: false
    - prereq:
      - s9
    - onfail:
      - test: s3
