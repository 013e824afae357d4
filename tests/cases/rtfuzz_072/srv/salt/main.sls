include:
  - a
  - b
s7:
  test.fail_without_changes:
    - name: name7
    - require_in:
      - test: s1
s11:
  test.fail_with_changes:
    - unless: false
    - watch_in:
      - test: s12
      - test: s12
    - listen:
      - test: s9
      - test: s7
