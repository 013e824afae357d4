include:
  - a
  - b
s2:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s2
    - names:
      - s2_n0
      - s2_n1
    - prereq:
      - test: s18
    - onfail_in:
      - s10
s8:
  test.fail_without_changes:
    - name: name8
    - names:
      - s8_n0
      - s8_n1
    - require_any:
      - test: s6
      - test: s1
    - listen_in:
      - test: s1
      - test: s9
    - onfail_in:
      - test: s18
      - test: s13
s11:
  test.nop:
    - check_cmd: true
    - prereq_in:
      - test: name8
s16:
  test.fail_without_changes:
    - listen_in:
      - test: s15
    - onfail_in:
      - test: s10
