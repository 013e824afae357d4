# A `mod.fun` key is popped and set again as `mod`: it moves to the end of the body.
y:
  file.managed:
    - name: /tmp/y
  cmd.run:
    - name: echo y
# ... unless `mod` is already a key: its value is replaced in place.
z:
  file.managed:
    - name: /tmp/z
  file:
    - name: /tmp/lost
# A dotted key whose value is not a list is left alone.
w:
  test.nop:
    name: w
  test.succeed_without_changes:
    - name: w2
