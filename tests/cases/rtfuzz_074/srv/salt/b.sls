s0:
  test.nop:
    - listen:
      - test: s16
s6:
  test.nop:
    - name: name6
    - order: 3
    - unless: true
    - prereq:
      - test: s8
s7:
  test.succeed_with_changes:
    - name: name7
    - names:
      - s7_n0
      - s7_n1
    - order: 10
    - onfail_any:
      - test: name9
      - test: s6
s9:
  test.fail_without_changes:
    - name: name9
    - order: 1
    - onfail_in:
      - test: s1
    - onfail:
      - test: s6
s12:
  test.succeed_without_changes:
    - require_any:
      - test: s9
      - test: s1
s13:
  test.succeed_without_changes:
    - order: first
    - listen:
      - test: s12
s15:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s15
    - onfail:
      - test: s18
    - prereq_in:
      - test: s0
      - test: s4
    - onfail_all:
      - test: s18
      - test: name14
s18:
  test.succeed_without_changes:
    - onchanges_any:
      - sls: a
    - prereq_in:
      - test: name14
      - test: s4
    - onfail_any:
      - test: s4
