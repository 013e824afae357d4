s2:
  test.fail_without_changes:
    - name: name2
    - watch_in:
      - test: s4
      - test: s9
s8:
  test.fail_with_changes:
    - listen:
      - s4
