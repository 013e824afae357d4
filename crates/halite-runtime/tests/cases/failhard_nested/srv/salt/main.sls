top:
  test.nop:
    - require:
      - middle
middle:
  test.nop:
    - require:
      - bottom
bottom:
  test.fail_with_changes:
    - failhard: True
unrelated:
  test.nop
