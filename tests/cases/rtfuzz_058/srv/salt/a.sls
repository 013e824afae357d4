s2:
  test.fail_with_changes:
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - order: 1
    - watch_any:
      - sls: a
      - test: s12
    - onchanges:
      - test: s7
s3:
  test.fail_without_changes:
    - prereq:
      - sls: main
s4:
  test.fail_with_changes:
    - names:
      - s4_n0
      - s4_n1
      - s4_n2
    - onfail_in:
      - test: s12
s6:
  test.configurable_test_state:
    - name: name6
    - changes: True
    - result: False
    - comment: c_s6
s8:
  test.succeed_with_changes:
    - name: name8
    - names:
      - s8_n0
      - s8_n1
    - onchanges_in:
      - test: s12
      - test: s13
s11:
  test.succeed_without_changes:
    - names:
      - s11_n0
      - s11_n1
    - unless: true
s16:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s16
    - order: 3
    - onchanges_in:
      - test: s11
      - test: s11
