web_one:
  test.succeed_with_changes
web_two:
  test.succeed_without_changes
db_one:
  test.nop
after_web:
  test.nop:
    - require:
      - test: web_*
after_watch:
  test.nop:
    - watch:
      - web_*
after_q:
  test.nop:
    - require:
      - db_on?
