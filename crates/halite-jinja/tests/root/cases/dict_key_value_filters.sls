{%- set d = {} %}
{%- do d | set_dict_key_value('a:b:c', 1) %}
{%- do d | append_dict_key_value('a:list', 'x') %}
{%- do d | extend_dict_key_value('a:list', ['y', 'z']) %}
{%- do d | update_dict_key_value('a:b', {'n': 2}) %}
{{ d }}
{{ {'x': 1} | set_dict_key_value('y|z', 2, delimiter='|') }}
