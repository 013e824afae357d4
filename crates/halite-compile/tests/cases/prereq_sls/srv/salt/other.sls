o1:
  test.nop
o2:
  file.managed:
    - name: /tmp/o2
