include:
  - a
  - b
s2:
  test.fail_with_changes:
    - name: name2
    - onchanges_any:
      - test: s3
    - watch:
      - test: s4
      - test: s10
    - onchanges:
      - s8
s11:
  test.configurable_test_state:
    - name: name11
    - changes: True
    - result: False
    - comment: c_s11
    - onlyif: true
    - onchanges_any:
      - test: name12
      - test: s10
    - onchanges_any:
      - test: s14
    - require_any:
      - test: s5
      - test: s5
