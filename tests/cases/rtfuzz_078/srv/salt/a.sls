s4:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s4
    - order: last
    - require_any:
      - test: s2
    - require:
      - s0
      - test: s11
    - require_in:
      - test: s13
s8:
  test.fail_with_changes:
    - require_any:
      - test: s17
      - test: s2
    - onchanges_any:
      - test: s6
      - test: s15
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - failhard: True
    - require:
      - s12
    - watch_any:
      - sls: a
s11:
  test.fail_with_changes:
    - name: name11
    - onchanges:
      - test: s4
      - test: s8
    - watch:
      - test: s9
      - test: s18
    - watch_in:
      - s9
      - test: s14
s13:
  test.succeed_without_changes:
    - order: 3
    - watch_any:
      - test: s3
      - test: s1
    - listen:
      - s1
      - test: s11
