handler:
  test.fail_without_changes:
    - onfail_in:
      - test: e1
      - test: e2
      - sls: extra
    - onchanges_in:
      - sls: extra
      - test: main_b
main_b:
  test.nop:
    - onfail_any:
      - test: e1
    - require_any:
      - test: e2
