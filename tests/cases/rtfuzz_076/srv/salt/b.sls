s7:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s7
    - unless: false
    - onfail_in:
      - test: s3
    - onchanges_any:
      - test: name9
s8:
  test.succeed_without_changes:
    - unless: true
s10:
  test.fail_without_changes:
    - name: name10
    - order: 1
    - check_cmd: false
    - prereq:
      - sls: main
s12:
  test.succeed_with_changes:
    - failhard: True
    - prereq:
      - test: s7
    - require:
      - test: s1
s14:
  test.nop:
    - name: name14
