s0:
  test.nop:
    - use:
      - test: s8
      - test: name6
s1:
  test.fail_with_changes:
    - order: 1
    - onlyif: true
    - watch:
      - test: s12
      - test: s2
s2:
  test.fail_with_changes:
    - name: name2
    - onfail_in:
      - test: s4
      - test: s11
    - prereq:
      - test: s3
    - require_in:
      - test: s5
      - test: name9
s3:
  test.succeed_without_changes:
    - onlyif: false
    - watch_in:
      - test: s0
      - test: s7
    - watch_in:
      - test: s12
    - onchanges:
      - test: s5
      - test: s10
s6:
  test.nop:
    - name: name6
    - onlyif: false
    - onfail_any:
      - test: s2
s13:
  test.nop:
    - onfail:
      - s14
      - test: s1
    - watch:
      - test: s2
      - test: s14
s14:
  test.fail_without_changes:
    - order: last
    - require:
      - s5
      - test: s10
