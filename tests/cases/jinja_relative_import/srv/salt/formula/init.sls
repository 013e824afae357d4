{% from "./map.jinja" import x, where with context %}
init_{{ x }}_{{ where }}:
  test.nop
