s1:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s1
    - names:
      - s1_n0
      - s1_n1
    - failhard: True
    - require_in:
      - test: s4
      - test: s10
s2:
  test.succeed_with_changes:
    - order: 3
    - listen:
      - test: s3
s3:
  test.succeed_with_changes:
    - listen_in:
      - test: s6
      - test: s8
    - onchanges_in:
      - test: s6
      - test: s1
s8:
  test.nop:
    - name: name8
    - listen:
      - test: s0
    - onfail_any:
      - test: s3
    - watch_any:
      - sls: a
