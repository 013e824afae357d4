{%- import_yaml 'formula/defaults.yaml' as d %}
{%- do d.formula.options.update({'workers': 8, 'new': [1]}) %}
{%- do d.formula.options.new.append(2) %}
{%- set opts2 = d.formula.options %}
{%- do opts2.pop('log') %}
{{ d.formula.options }}
{%- set merged = salt['defaults.merge'](d.formula, {'port': 443, 'options': {'workers': 1}}, in_place=False) %}
{{ merged }}
{{ d.formula.port }}
