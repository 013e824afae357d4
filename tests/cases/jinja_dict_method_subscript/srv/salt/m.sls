{%- set d = {'a': {'name': 'x'}, 'get': 'key'} %}
{%- set e = {'a': {'name': 'x'}} %}
r:
  test.nop:
    - a: {{ e['get']('a', {}).get('name', 'n') }}
    - b: {{ e['get']('zz', {}).get('name', 'n') }}
    - c: {{ d['get'] }}
    - d: {{ e['items']() | list | length }}
    - f: {{ e['keys'] is defined }}
