{%- import_yaml 'lib/data.yaml' as data %}
{{ data }}
{%- import_json 'lib/settings.json' as settings %}
{{ settings }}
{%- import_text 'lib/text.txt' as text %}
[{{ text }}]
{%- do data.update({'more': 1}) %}
{{ data.more }}
