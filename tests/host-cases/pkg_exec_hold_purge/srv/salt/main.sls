nothing: test.nop
