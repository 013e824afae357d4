s2:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s2
    - names:
      - s2_n0
    - unless: false
s6:
  test.succeed_without_changes:
    - unless: true
    - listen:
      - sls: b
s10:
  test.succeed_without_changes:
    - onlyif: true
    - onfail_any:
      - test: s15
s12:
  test.fail_without_changes:
    - prereq_in:
      - test: s7
    - onchanges_in:
      - test: s6
      - s4
s13:
  test.configurable_test_state:
    - name: name13
    - changes: True
    - result: True
    - comment: c_s13
    - failhard: True
    - onchanges_in:
      - sls: b
s14:
  test.fail_with_changes:
    - require_any:
      - test: s3
      - test: s4
    - prereq_in:
      - s15
    - watch:
      - test: s0
      - test: s7
