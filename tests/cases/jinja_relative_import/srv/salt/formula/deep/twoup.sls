{% from "../../map.jinja" import x with context %}
twoup_{{ x }}:
  test.nop
