main_a:
  test.nop:
    - require:
      - sls: other
main_b:
  test.nop:
    - onchanges:
      - sls: other
main_c:
  test.nop:
    - require:
      - sls: missing_sls
