good:
  test.succeed_without_changes
bad:
  test.fail_without_changes
bad2:
  test.fail_with_changes
of1:
  test.nop:
    - onfail:
      - bad
of2:
  test.nop:
    - onfail:
      - good
of3:
  test.nop:
    - onfail:
      - good
      - bad
of4:
  test.nop:
    - onfail_any:
      - good
      - bad
of5:
  test.nop:
    - onfail_all:
      - good
      - bad
of6:
  test.nop:
    - onfail_all:
      - bad
      - bad2
of7:
  test.succeed_with_changes:
    - onfail:
      - bad
