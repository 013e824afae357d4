include:
  - a
  - b
s0:
  test.succeed_with_changes:
s1:
  test.nop:
    - watch_any:
      - test: s16
    - use:
      - test: s13
      - test: s9
    - watch_in:
      - sls: b
      - test: s12
s7:
  test.succeed_without_changes:
    - name: name7
    - names:
      - s7_n0
      - s7_n1
    - watch_any:
      - test: s0
      - test: s5
    - watch:
      - test: s6
s11:
  test.fail_without_changes:
    - unless: false
    - onfail_all:
      - test: s5
s14:
  test.succeed_with_changes:
    - name: name14
    - check_cmd: false
    - onfail:
      - s12
    - watch_any:
      - test: s13
s15:
  test.succeed_without_changes:
    - name: name15
s16:
  test.fail_with_changes:
    - name: name16
    - order: last
    - require_in:
      - s5
