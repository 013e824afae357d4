s8:
  test.nop:
    - name: name8
    - names:
      - s8_n0
      - s8_n1
      - s8_n2
    - order: 1
s12:
  test.succeed_with_changes:
    - name: name12
    - unless: false
    - require_in:
      - test: s0
s16:
  test.succeed_with_changes:
    - require_in:
      - test: s9
