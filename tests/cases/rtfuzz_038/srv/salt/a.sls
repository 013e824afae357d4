s0:
  test.fail_without_changes:
    - names:
      - s0_n0
      - s0_n1
    - watch_in:
      - test: s5
      - test: s5
s2:
  test.fail_with_changes:
    - name: name2
    - watch:
      - test: s11
s4:
  test.fail_with_changes:
    - listen_in:
      - test: s2
s12:
  test.succeed_with_changes:
    - name: name12
    - onfail:
      - sls: b
