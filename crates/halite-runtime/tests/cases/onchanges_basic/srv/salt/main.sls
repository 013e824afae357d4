changer:
  test.succeed_with_changes
nochange:
  test.succeed_without_changes
oc1:
  test.succeed_with_changes:
    - onchanges:
      - changer
oc2:
  test.succeed_with_changes:
    - onchanges:
      - nochange
oc3:
  test.nop:
    - onchanges:
      - nochange
      - changer
oc4:
  test.nop:
    - onchanges_any:
      - nochange
      - changer
oc5:
  test.nop:
    - onchanges:
      - oc2
oc6:
  cmd.run:
    - name: echo oc6
    - onchanges:
      - changer
