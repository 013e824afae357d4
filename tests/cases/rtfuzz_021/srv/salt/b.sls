s5:
  test.fail_without_changes:
    - name: name5
    - order: first
    - watch:
      - test: s4
      - test: s0
