a:
  test.nop:
    - require_any:
      - ghost1
      - ghost2
b:
  test.nop:
    - onchanges_any:
      - ghost3
      - a
c:
  test.nop:
    - onfail_any:
      - ghost4
