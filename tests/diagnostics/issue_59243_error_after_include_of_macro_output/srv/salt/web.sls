{% from 'macros.jinja' import site with context %}
{{ site('one') }}
{{ site('two') }}
broken:
  test.nop:
    - name: x
     - text: y
