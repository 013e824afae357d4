{% import 'macros.jinja' as m %}
web:
  test.nop:
    - name: {{ m.greet() }}
