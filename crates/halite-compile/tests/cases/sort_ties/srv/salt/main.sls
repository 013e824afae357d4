t3:
  test.nop:
    - name: bbb
    - order: 10
t1:
  test.nop:
    - name: aaa
    - order: 10
t2:
  cmd.run:
    - name: aaa
    - order: 10
t4:
  cmd.run:
    - name: zzz
    - order: 10.0
