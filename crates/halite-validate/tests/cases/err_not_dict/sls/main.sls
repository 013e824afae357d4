a: just_a_string
b:
  test.nop: []
