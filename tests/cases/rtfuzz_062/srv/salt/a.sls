s4:
  test.configurable_test_state:
    - name: name4
    - changes: True
    - result: True
    - comment: c_s4
    - order: last
    - onlyif: true
    - onchanges_any:
      - test: s9
    - require_in:
      - test: s9
      - test: s14
    - prereq_in:
      - test: s11
      - test: s0
s7:
  test.nop:
    - unless: false
    - require:
      - sls: main
      - test: s12
s9:
  test.nop:
    - watch_any:
      - test: s5
      - test: s11
s11:
  test.fail_with_changes:
