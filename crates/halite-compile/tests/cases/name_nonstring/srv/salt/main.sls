id_name_int:
  test.nop:
    - name: 5
id_names_mixed:
  test.nop:
    - names:
      - 1
      - two
      - 3.5
      - true
