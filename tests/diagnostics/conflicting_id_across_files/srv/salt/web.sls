include:
  - app
shared:
  test.nop:
    - name: one
