{%- with a = 1, b = 'x' %}
{{ a }} {{ b }}
{%- endwith %}
{%- set outer = 'o' %}
{%- with %}{% set outer = 'inner' %}{{ outer }}{% endwith %}
{{ outer }}
