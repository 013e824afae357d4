s2:
  test.nop:
    - name: name2
    - names:
      - s2_n0
      - s2_n1
    - onchanges_in:
      - test: s1
      - test: s7
    - listen:
      - test: s8
      - test: s1
s4:
  test.fail_without_changes:
    - name: name4
