{% import "./map.jinja" as m %}
imported_{{ m.x }}:
  test.nop
