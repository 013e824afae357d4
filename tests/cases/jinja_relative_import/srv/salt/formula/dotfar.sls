{% from "./../map.jinja" import x with context %}
dotfar_{{ x }}:
  test.nop
