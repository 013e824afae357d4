s6:
  test.fail_without_changes:
    - onchanges:
      - test: s4
    - require_in:
      - test: s13
      - test: s2
    - onchanges_in:
      - test: s2
      - s4
s7:
  test.succeed_without_changes:
s8:
  test.nop:
    - names:
      - s8_n0
      - s8_n1
      - s8_n2
    - onchanges:
      - sls: b
      - test: s6
    - require:
      - test: s10
s11:
  test.succeed_without_changes:
    - name: name11
    - names:
      - s11_n0
      - s11_n1
    - onlyif: false
s13:
  test.fail_with_changes:
    - watch_in:
      - test: s8
      - test: s1
