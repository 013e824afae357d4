s2:
  test.succeed_with_changes:
    - onchanges_in:
      - test: s9
      - test: s12
    - onchanges_any:
      - sls: main
      - sls: main
s5:
  test.fail_with_changes:
    - require_in:
      - test: s12
s7:
  test.nop:
    - name: name7
    - onfail:
      - test: s11
    - watch_in:
      - test: s10
      - test: s9
