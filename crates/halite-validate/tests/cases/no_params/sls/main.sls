plain:
  test.present:
    - v: 1
    - s: hello
