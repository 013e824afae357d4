s0:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s0
    - require_any:
      - test: s11
    - onchanges_any:
      - test: s11
      - test: s12
s7:
  test.fail_with_changes:
    - onchanges_any:
      - test: s4
    - prereq:
      - test: s0
    - require_in:
      - test: name4
      - test: s8
s10:
  test.succeed_without_changes:
    - name: name10
    - onchanges:
      - sls: main
      - sls: b
    - require_in:
      - test: s0
      - sls: main
s12:
  test.configurable_test_state:
    - name: name12
    - changes: True
    - result: True
    - comment: c_s12
    - names:
      - s12_n0
    - onfail:
      - test: s2
      - test: s11
    - require:
      - test: s5
    - prereq_in:
      - test: s6
s13:
  test.fail_with_changes:
    - name: name13
    - listen_in:
      - test: s10
      - test: name4
