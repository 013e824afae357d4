s2:
  test.succeed_with_changes:
    - onlyif: false
    - onfail:
      - test: s11
      - s0
s6:
  test.succeed_without_changes:
    - require_in:
      - test: name13
    - prereq:
      - test: name8
      - test: s2
s8:
  test.fail_without_changes:
    - name: name8
    - onlyif: false
    - watch_any:
      - test: s11
      - test: s1
    - require_in:
      - test: s3
      - test: s12
s11:
  test.fail_with_changes:
    - order: last
    - prereq_in:
      - test: s2
    - watch:
      - test: s3
s12:
  test.configurable_test_state:
    - name: name12
    - changes: True
    - result: True
    - comment: c_s12
    - use:
      - test: s13
s13:
  test.nop:
    - name: name13
    - order: 1
    - require_in:
      - test: s1
