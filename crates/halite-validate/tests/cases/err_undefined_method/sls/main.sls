a:
  test.nop:
    - v: {{ nope.attr() }}
