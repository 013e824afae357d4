include:
  - a
  - b
s1:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s1
    - onfail_in:
      - test: s8
s7:
  test.succeed_with_changes:
    - require_in:
      - test: s10
      - s11
s8:
  test.fail_without_changes:
    - onfail:
      - s6
s9:
  test.fail_with_changes:
    - check_cmd: false
    - watch:
      - test: s5
      - test: name0
    - onchanges_any:
      - test: s7
      - test: name13
    - listen_in:
      - test: s4
s12:
  test.fail_without_changes:
    - onchanges:
      - test: s8
s13:
  test.fail_without_changes:
    - name: name13
    - names:
      - s13_n0
    - use:
      - test: s12
      - sls: main
    - onchanges:
      - test: s8
