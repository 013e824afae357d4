include:
  - a
  - b
s3:
  test.configurable_test_state:
    - name: name3
    - changes: True
    - result: True
    - comment: c_s3
    - unless: false
    - watch_in:
      - test: s9
s12:
  test.succeed_without_changes:
    - use:
      - test: s0
      - test: s4
