a:
  test.nop
b:
  test.nop
c:
  cmd.run:
    - name: echo c
src:
  test.succeed_with_changes:
    - watch_in:
      - test: a
      - cmd: c
    - onchanges_in:
      - test: b
      - test: a
    - onfail_in:
      - cmd: c
    - listen_in:
      - test: b
src2:
  test.nop:
    - onchanges_in:
      - test: b
    - watch_in:
      - test: a
    - listen:
      - test: src
