{% from "../../map.jinja" import x with context %}
far_{{ x }}:
  test.nop
