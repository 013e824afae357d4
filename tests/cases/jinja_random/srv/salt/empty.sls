r:
  test.nop:
    - a: {{ [] | random }}
