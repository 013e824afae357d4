a:
  test.nop:
    - v: {{ nope() }}
