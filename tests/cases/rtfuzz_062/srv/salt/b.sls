s2:
  test.fail_with_changes:
    - name: name2
    - prereq_in:
      - test: s5
      - s4
s6:
  test.succeed_with_changes:
    - onfail_any:
      - sls: b
    - require_any:
      - sls: a
      - test: s0
s8:
  test.succeed_without_changes:
    - check_cmd: true
    - onfail:
      - test: s15
      - sls: main
s13:
  test.fail_without_changes:
    - name: name13
    - order: first
    - onlyif: true
s14:
  test.fail_with_changes:
    - name: name14
    - unless: false
    - use:
      - test: s16
s15:
  test.configurable_test_state:
    - name: name15
    - changes: True
    - result: True
    - comment: c_s15
    - unless: false
    - onfail_in:
      - test: s3
      - test: s12
s16:
  test.nop:
    - name: name16
    - onlyif: false
    - watch_any:
      - test: s2
      - test: s15
