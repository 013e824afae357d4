{%- load_yaml as y %}
a: 1
b: [x, y]
c: {{ grains['os'] }}
d: on
{%- endload %}
{{ y }}
{%- load_json as j %}
{"k": [1, 2, {"m": null}]}
{%- endload %}
{{ j }}
{%- load_text as t %}
  some text
{%- endload %}
[{{ t }}]
{{ 'a: [1, 2]' | load_yaml }} {{ '{"x": 1}' | load_json }}
