d: test.nop
