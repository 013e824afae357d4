s3:
  test.nop:
    - order: first
s5:
  test.nop:
    - onfail_in:
      - test: s11
      - test: s9
s7:
  test.succeed_with_changes:
    - name: name7
s12:
  test.succeed_with_changes:
    - watch_any:
      - sls: a
    - onfail_all:
      - test: s0
    - onchanges_in:
      - s4
      - test: s6
