include:
  - a
  - b
s1:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s1
    - require_in:
      - test: s6
    - onchanges_in:
      - test: s10
s3:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s3
    - check_cmd: true
    - require:
      - test: s11
      - sls: main
    - onfail_any:
      - test: s6
      - test: s4
s4:
  test.fail_without_changes:
    - name: name4
    - prereq_in:
      - test: s13
      - s2
s7:
  test.fail_with_changes:
    - watch:
      - test: s6
      - test: s4
    - onchanges_in:
      - test: s10
s13:
  test.nop:
    - name: name13
    - onchanges:
      - s8
      - test: s11
s14:
  test.succeed_without_changes:
    - check_cmd: false
