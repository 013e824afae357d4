web:
  test.nop: []
motd: hello
