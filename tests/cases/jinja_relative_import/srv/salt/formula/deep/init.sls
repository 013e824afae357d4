{% from "./map.jinja" import x %}
deepnc_{{ x }}:
  test.nop
