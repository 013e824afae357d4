s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
    - onlyif: false
    - require_any:
      - s9
    - prereq:
      - test: s4
      - test: s12
s8:
  test.succeed_with_changes:
    - name: name8
    - order: first
    - watch:
      - sls: main
s9:
  test.succeed_with_changes:
    - require:
      - test: s10
