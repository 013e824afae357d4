include:
  - a
  - b
s5:
  test.fail_with_changes:
    - name: name5
    - order: first
    - require:
      - sls: a
      - test: s4
