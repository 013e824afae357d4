strstate:
  test.nop: somestring
dictstate:
  test.nop:
    key: val
nofun:
  test:
    - comment: no function
ok:
  test.nop
