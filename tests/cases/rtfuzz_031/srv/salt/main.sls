include:
  - a
  - b
s1:
  test.configurable_test_state:
    - name: name1
    - changes: False
    - result: True
    - comment: c_s1
s2:
  test.nop:
    - name: name2
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - use:
      - test: name4
      - test: s4
s3:
  test.succeed_without_changes:
    - require_in:
      - test: s6
      - s1
    - onchanges_any:
      - test: s5
s4:
  test.configurable_test_state:
    - name: name4
    - changes: True
    - result: True
    - comment: c_s4
    - onfail:
      - test: s5
      - test: s3
    - onfail:
      - test: s6
      - test: s0
s5:
  test.nop:
    - order: 1
    - onfail:
      - test: s2
    - prereq:
      - test: s4
      - sls: b
