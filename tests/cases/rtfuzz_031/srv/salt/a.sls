s0:
  test.succeed_with_changes:
    - use:
      - test: s1
      - s3
s8:
  test.fail_with_changes:
    - name: name8
    - listen:
      - sls: b
    - watch_in:
      - test: s6
