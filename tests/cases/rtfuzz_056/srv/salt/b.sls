s0:
  test.succeed_with_changes:
    - names:
      - s0_n0
      - s0_n1
    - prereq_in:
      - test: s2
      - test: s7
s1:
  test.fail_with_changes:
    - unless: true
    - watch_any:
      - test: s5
      - test: s10
    - prereq_in:
      - test: name3
s4:
  test.fail_with_changes:
    - onfail:
      - s8
      - test: s3
    - onfail_any:
      - test: s18
    - onfail:
      - test: s13
s7:
  test.succeed_without_changes:
    - onfail:
      - test: s12
      - test: s6
s12:
  test.succeed_with_changes:
    - names:
      - s12_n0
      - s12_n1
    - watch_any:
      - test: s5
      - test: s4
    - listen_in:
      - test: s6
s13:
  test.configurable_test_state:
    - name: name13
    - changes: False
    - result: False
    - comment: c_s13
    - onchanges_any:
      - sls: main
    - onfail_any:
      - test: s4
      - test: s8
    - watch_in:
      - test: s2
s15:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s15
s16:
  test.configurable_test_state:
    - name: name16
    - changes: True
    - result: False
    - comment: c_s16
    - failhard: True
    - prereq:
      - test: s2
    - watch:
      - sls: main
      - test: s13
    - require_any:
      - test: s17
      - test: s9
s18:
  test.succeed_with_changes:
    - require_any:
      - s15
      - test: name16
