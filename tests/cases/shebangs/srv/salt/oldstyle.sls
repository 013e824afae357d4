#!yaml_jinja
old_{{ 1 + 1 }}:
  test.nop
