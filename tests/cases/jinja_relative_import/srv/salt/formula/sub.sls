{% from "./map.jinja" import x with context %}
sub_{{ x }}:
  test.nop
