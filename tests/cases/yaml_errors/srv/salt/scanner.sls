ok:
  test.nop:
	- tab: 1
