s0:
  test.fail_without_changes:
    - name: name0
    - watch:
      - s8
    - require_in:
      - s5
      - test: s6
    - onfail_in:
      - test: s2
s6:
  test.fail_with_changes:
    - order: 1
    - onchanges_in:
      - test: s3
      - test: s2
    - onchanges_any:
      - sls: main
