s3:
  test.succeed_without_changes:
    - name: name3
    - order: first
    - require_in:
      - sls: main
s4:
  test.configurable_test_state:
    - name: name4
    - changes: True
    - result: True
    - comment: c_s4
    - watch_in:
      - s6
      - test: s6
s6:
  test.nop:
    - listen:
      - test: s10
