pre:
  test.nop:
    - prereq_in:
      - sls: other
pre2:
  test.nop:
    - prereq:
      - sls: other
      - file: /tmp/o2
    - use_in:
      - sls: other
