s2:
  test.succeed_with_changes:
    - name: name2
    - names:
      - s2_n0
      - s2_n1
    - listen:
      - test: s5
s6:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s6
    - names:
      - s6_n0
      - s6_n1
    - unless: false
    - prereq_in:
      - test: s2
      - test: s12
s7:
  test.fail_with_changes:
    - name: name7
    - failhard: True
    - prereq:
      - test: s0
    - onchanges:
      - test: s9
s8:
  test.nop:
    - name: name8
    - check_cmd: true
    - onchanges:
      - test: s15
      - test: s11
    - onchanges_any:
      - test: s3
s10:
  test.fail_with_changes:
    - name: name10
    - onchanges_any:
      - test: s6
      - test: s1
s13:
  test.fail_without_changes:
    - names:
      - s13_n0
      - s13_n1
      - s13_n2
    - onfail_any:
      - test: s0
      - test: s0
    - onchanges_any:
      - test: s12
