helper:
  test.nop:
    - name: plain helper
