include:
  - a
  - b
s0:
  test.succeed_without_changes:
    - unless: false
    - onfail_all:
      - test: s3
s2:
  test.fail_with_changes:
    - name: name2
    - order: last
    - onlyif: false
    - watch_in:
      - test: s11
      - test: s4
    - onfail_all:
      - test: s6
      - test: s11
s7:
  test.configurable_test_state:
    - name: name7
    - changes: True
    - result: False
    - comment: c_s7
s8:
  test.nop:
    - require_any:
      - test: s1
    - watch:
      - test: s0
      - sls: b
s10:
  test.fail_without_changes:
    - name: name10
    - order: last
    - onchanges:
      - s7
      - test: s1
    - require_in:
      - test: name2
    - onfail_in:
      - test: s6
      - test: name1
s12:
  test.succeed_without_changes:
    - failhard: True
    - unless: false
    - prereq_in:
      - s1
      - test: s9
    - onfail_any:
      - test: s9
      - s11
