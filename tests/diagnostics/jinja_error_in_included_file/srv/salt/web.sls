web:
  test.nop:
    - names:
{% include 'web/part.jinja' %}
