include:
  - a
  - b
s0:
  test.fail_with_changes:
    - onchanges_any:
      - test: s11
      - test: s10
    - onfail:
      - sls: main
      - test: s2
    - listen_in:
      - test: s11
      - test: s8
s3:
  test.succeed_with_changes:
    - failhard: True
    - watch_any:
      - test: s4
      - test: s2
s5:
  test.fail_without_changes:
    - require:
      - test: name10
    - watch_any:
      - test: s7
      - sls: a
    - watch_in:
      - test: s2
      - test: s11
s8:
  test.succeed_without_changes:
    - onchanges_in:
      - sls: b
