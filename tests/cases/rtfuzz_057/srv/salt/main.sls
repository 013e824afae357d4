include:
  - a
  - b
s1:
  test.nop:
    - order: first
    - watch:
      - test: s0
      - test: s5
    - onfail_all:
      - test: s10
      - sls: a
s5:
  test.nop:
    - watch_in:
      - sls: b
    - onfail:
      - test: s2
s7:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s7
    - check_cmd: false
    - require_in:
      - test: s2
      - test: s5
s10:
  test.nop:
    - name: name10
