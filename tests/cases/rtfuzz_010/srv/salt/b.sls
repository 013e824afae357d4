s5:
  test.fail_with_changes:
    - name: name5
    - watch:
      - s3
      - test: s8
    - require_in:
      - test: s8
