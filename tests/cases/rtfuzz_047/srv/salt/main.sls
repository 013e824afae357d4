include:
  - a
  - b
s0:
  test.fail_without_changes:
    - names:
      - s0_n0
    - check_cmd: true
    - watch_in:
      - test: s5
      - s13
    - require_any:
      - test: s10
      - test: s5
    - require_in:
      - s9
      - sls: main
s4:
  test.succeed_with_changes:
    - name: name4
    - onchanges_in:
      - test: s2
    - prereq:
      - test: s0
      - s3
s7:
  test.nop:
    - names:
      - s7_n0
      - s7_n1
    - check_cmd: true
    - onchanges_any:
      - test: s13
      - test: s13
    - onfail_any:
      - test: s10
    - onfail:
      - s4
      - test: s11
s11:
  test.succeed_without_changes:
    - names:
      - s11_n0
      - s11_n1
      - s11_n2
    - failhard: True
    - onchanges_in:
      - test: s4
      - test: s2
    - watch_in:
      - test: s3
      - test: s8
s13:
  test.fail_with_changes:
    - order: 3
