{% macro state(name, value) -%}
{{ name }}:
  test.present:
    - value: {{ value }}
{%- endmacro %}
{{ state('macro-state', params.get('macro_param')) }}
{% set items = [params.get("appended")] %}
{% for i in range(5) %}{% if i > 1 %}{% break %}{% endif %}
loop-{{ i }}:
  test.present:
    - p: {{ params.get('loop_param') }}
    - b64: {{ 'hello' | b64encode }}
{% endfor %}
list-state:
  test.present:
    - items: {{ items | join(",") }}
