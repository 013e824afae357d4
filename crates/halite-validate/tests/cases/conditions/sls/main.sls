{% if params.get('enable_a') %}
a:
  test.present: []
{% endif %}
{% if not params.get('enable_b') %}
b:
  test.present:
    - v: {{ params.get('b_value') }}
{% endif %}
{% if params.get('mode') == 'fast' %}
fast:
  test.present: []
{% else %}
slow:
  test.present:
    - mode: {{ params.get('mode') }}
{% endif %}
{% if params.get('maybe') is defined %}
defined:
  test.nop: []
{% endif %}
