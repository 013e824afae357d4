s1:
  test.fail_with_changes:
    - name: name1
    - prereq:
      - test: s3
      - test: s13
    - onchanges:
      - test: s14
s10:
  test.fail_with_changes:
    - onchanges:
      - test: s5
      - test: s0
    - require_in:
      - test: s4
      - test: s14
    - onchanges_any:
      - s7
      - test: s11
s12:
  test.succeed_with_changes:
    - name: name12
    - onchanges_in:
      - test: s6
s14:
  test.nop:
    - order: 10
    - onchanges:
      - test: s7
      - sls: a
    - onfail:
      - test: s12
      - test: s8
