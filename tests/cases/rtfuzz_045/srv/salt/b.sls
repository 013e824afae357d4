s4:
  test.succeed_with_changes:
    - order: 1
    - unless: true
    - use:
      - s1
s6:
  test.succeed_without_changes:
    - name: name6
    - listen_in:
      - test: s10
    - watch:
      - test: s10
      - test: s3
s7:
  test.fail_without_changes:
    - name: name7
    - check_cmd: false
    - onchanges_any:
      - s13
      - test: s12
    - require_in:
      - test: name6
s14:
  test.nop:
