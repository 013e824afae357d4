dev plain:
  test.nop
