web:
  test.nop:
    - watch:
      - nowhere
