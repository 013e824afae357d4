s3:
  test.fail_with_changes:
    - require_any:
      - test: s8
    - onfail_any:
      - sls: b
      - s2
s8:
  test.fail_with_changes:
    - name: name8
    - onfail_any:
      - test: s0
      - sls: main
