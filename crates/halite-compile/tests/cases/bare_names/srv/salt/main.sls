first_named:
  cmd.run:
    - name: shared
second_named:
  test.nop:
    - name: shared
src:
  test.nop:
    - require_in:
      - shared
      - src2
    - onchanges_in:
      - shared
src2:
  test.nop
