{% from "formula/deep/helper.jinja" import y %}
nested_abs_{{ y }}:
  test.nop
