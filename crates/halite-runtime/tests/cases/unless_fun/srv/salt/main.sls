fun_args:
  test.succeed_with_changes:
    - unless:
      - fun: test.false
fun_list_mixed:
  test.succeed_with_changes:
    - unless:
      - 'false'
      - fun: test.true
onlyif_mixed:
  test.succeed_with_changes:
    - onlyif:
      - 'true'
      - fun: test.false
