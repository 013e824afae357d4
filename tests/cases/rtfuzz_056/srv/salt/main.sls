include:
  - a
  - b
s5:
  test.succeed_with_changes:
    - order: 3
    - check_cmd: true
    - onfail:
      - test: s14
s6:
  test.succeed_with_changes:
    - check_cmd: false
    - require_any:
      - sls: a
s8:
  test.succeed_without_changes:
    - failhard: True
s9:
  test.succeed_without_changes:
    - name: name9
    - onlyif: false
    - prereq:
      - test: s11
    - listen_in:
      - sls: main
    - onchanges_in:
      - test: s0
s10:
  test.nop:
    - name: name10
    - listen:
      - test: s16
      - test: s4
    - listen_in:
      - test: s14
      - test: s16
    - onfail_in:
      - test: s3
s11:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s11
    - unless: false
    - onchanges_any:
      - test: s2
      - test: s16
s14:
  test.succeed_without_changes:
    - listen:
      - sls: b
      - test: s8
