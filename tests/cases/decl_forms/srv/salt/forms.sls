short:
  test.nop
long_args:
  test.succeed_without_changes:
    - name: n1
    - comment: hi
bare_mod:
  test:
    - nop
trailing:
  test.nop:
two_states:
  test.nop: []
  file.managed:
    - name: /tmp/two
