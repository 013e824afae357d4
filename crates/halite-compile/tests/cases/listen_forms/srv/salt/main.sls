l1:
  test.nop:
    - listen_in:
      - l2
      - test: l3
l2:
  test.nop:
    - listen:
      - l1
l3:
  cmd.run:
    - name: echo
    - listen:
      - test: l1
