s5:
  test.succeed_with_changes:
    - order: 1
    - listen:
      - test: s2
s6:
  test.fail_with_changes:
    - watch_in:
      - test: s9
      - sls: main
s8:
  test.fail_with_changes:
    - watch:
      - test: s3
      - test: s5
    - watch:
      - test: s6
    - prereq:
      - s6
      - test: s1
s13:
  test.succeed_without_changes:
    - unless: false
    - onchanges_any:
      - sls: b
      - s6
