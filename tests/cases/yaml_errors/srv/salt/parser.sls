a:
  test.nop:
    - name: x
  - oops
