{% from "./deep/helper.jinja" import y %}
nested_{{ y }}:
  test.nop
