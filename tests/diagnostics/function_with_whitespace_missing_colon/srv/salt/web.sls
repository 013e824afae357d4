web:
  test:
    - nop
    - name x
