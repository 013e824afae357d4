a:
  test.nop:
    - v: {{ nope + 1 }}
