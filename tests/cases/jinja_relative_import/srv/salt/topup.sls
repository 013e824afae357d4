{% from "../map.jinja" import x with context %}
topup_{{ x }}:
  test.nop
