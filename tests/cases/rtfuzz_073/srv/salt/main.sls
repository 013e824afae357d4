include:
  - a
  - b
s0:
  test.nop:
    - order: 1
    - check_cmd: true
    - onchanges_in:
      - sls: main
      - test: s5
s1:
  test.fail_without_changes:
    - name: name1
s2:
  test.fail_without_changes:
    - unless: true
    - require_any:
      - sls: a
s4:
  test.fail_with_changes:
s5:
  test.fail_without_changes:
    - unless: true
    - prereq:
      - test: s12
      - test: s10
    - require_in:
      - test: s3
    - prereq:
      - s11
s12:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s12
    - prereq:
      - test: s14
      - test: s3
    - use:
      - sls: b
      - test: s10
s14:
  test.nop:
    - name: name14
    - listen:
      - test: s6
    - listen:
      - sls: b
