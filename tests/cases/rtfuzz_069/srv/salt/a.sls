s3:
  test.nop:
s5:
  test.succeed_without_changes:
    - onchanges_in:
      - s16
    - listen_in:
      - test: s13
      - test: s16
    - require_any:
      - sls: a
s6:
  test.succeed_with_changes:
    - names:
      - s6_n0
    - unless: true
    - require:
      - test: s10
      - test: s0
s8:
  test.succeed_without_changes:
    - onfail_any:
      - test: s5
s17:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s17
    - failhard: True
    - require:
      - test: s6
