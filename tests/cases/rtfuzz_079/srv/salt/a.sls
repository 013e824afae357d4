s0:
  test.fail_with_changes:
    - check_cmd: false
s2:
  test.succeed_without_changes:
    - name: name2
    - order: 3
    - use:
      - sls: b
      - test: s12
s8:
  test.succeed_with_changes:
    - order: first
    - listen_in:
      - test: s2
      - s6
s10:
  test.configurable_test_state:
    - name: name10
    - changes: True
    - result: True
    - comment: c_s10
    - onchanges_in:
      - test: s8
s13:
  test.fail_with_changes:
    - name: name13
    - require_any:
      - test: s5
      - test: s8
