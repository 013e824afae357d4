include:
  - a
  - b
s11:
  test.succeed_without_changes:
    - unless: true
    - onchanges:
      - test: s6
s13:
  test.fail_with_changes:
    - order: 1
    - check_cmd: true
    - require_any:
      - test: s12
