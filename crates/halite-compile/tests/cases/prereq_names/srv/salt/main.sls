stopper:
  test.nop:
    - names:
      - s1
      - s2
    - prereq:
      - file: conf
conf:
  file.managed:
    - name: /tmp/conf
pin:
  test.nop:
    - prereq_in:
      - conf
