{%- set cfg = {} %}
{%- for name, site in pillar['nginx']['sites'].items() %}
{%- if site.enabled %}
{%- do cfg.setdefault('enabled', []).append(name) %}
{%- else %}
{%- do cfg.setdefault('disabled', []).append(name) %}
{%- endif %}
{%- do cfg.update({name ~ '_port': site.port}) %}
{%- endfor %}
{{ cfg }}
{%- set merged = salt['defaults.merge']({'a': 1, 'n': {'x': 1}}, {'b': 2, 'n': {'y': 2}}, in_place=False) %}
{{ merged }}
