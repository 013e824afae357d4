{% from "../map.jinja" import x with context %}
deepup_{{ x }}:
  test.nop
