first:
  test.nop:
    - require:
      - test: second
second:
  test.succeed_with_changes
third:
  test.succeed_without_changes:
    - require:
      - first
      - second
fourth:
  test.nop:
    - name: the_name
fifth:
  test.nop:
    - require:
      - test: the_name
sixth:
  test.nop:
    - require:
      - id: fourth
