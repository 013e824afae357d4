{% from "./map.jinja" import x with context %}
top_{{ x }}:
  test.nop
