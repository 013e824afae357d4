include:
  - a
  - b
s1:
  test.succeed_with_changes:
    - order: last
    - require_any:
      - sls: main
      - sls: main
    - onfail_all:
      - test: s12
s8:
  test.fail_without_changes:
s9:
  test.fail_without_changes:
    - order: 10
    - require_any:
      - test: s5
    - watch_any:
      - test: s8
