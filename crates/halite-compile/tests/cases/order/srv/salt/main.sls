s_last:
  test.nop:
    - order: last
s_first:
  test.nop:
    - order: first
s_neg:
  test.nop:
    - order: -1
s_neg5:
  test.nop:
    - order: -5
s_num:
  test.nop:
    - order: 5
s_str:
  test.nop:
    - order: weird
s_float:
  test.nop:
    - order: 2.5
s_auto:
  test.nop
s_names_last:
  test.nop:
    - names:
      - n1
      - n2
    - order: last
s_names_neg:
  test.nop:
    - names:
      - m1
      - m2
    - order: -2
s_big:
  test.nop:
    - order: 20050
