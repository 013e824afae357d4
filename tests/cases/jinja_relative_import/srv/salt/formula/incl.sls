{% include "./map.jinja" %}
incl:
  test.nop
