include:
  - a
  - b
s1:
  test.succeed_with_changes:
    - names:
      - s1_n0
      - s1_n1
    - require_in:
      - test: s2
      - test: s8
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - names:
      - s6_n0
      - s6_n1
    - onchanges_in:
      - test: s12
    - prereq:
      - s11
      - test: s7
s7:
  test.fail_with_changes:
    - name: name7
    - order: first
    - prereq:
      - sls: b
      - sls: b
