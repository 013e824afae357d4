changer:
  test.succeed_with_changes
nochange:
  test.succeed_without_changes
w1:
  test.succeed_without_changes:
    - watch:
      - changer
w2:
  test.succeed_with_changes:
    - watch:
      - changer
w3:
  test.nop:
    - watch:
      - nochange
w4:
  cmd.run:
    - name: echo w4
    - watch:
      - changer
w5:
  cmd.wait:
    - name: echo w5
    - watch:
      - changer
w6:
  cmd.wait:
    - name: echo w6
    - watch:
      - nochange
w7:
  test.nop:
    - watch_any:
      - nochange
      - changer
w8:
  test.nop:
    - watch:
      - test: failer
failer:
  test.fail_with_changes
