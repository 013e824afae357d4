{#- salt#30690: Salt 3008 prints a dict's string values holding a newline, CR or tab as
    YAML double-quoted scalars when the dict itself is printed; 3007 prints repr() #}
{%- import_yaml 'data.yaml' as data %}
{%- set long = 'x' * 90 ~ '\n' ~ 'y y ' * 30 %}
{%- set d = {'nl': 'a\nb', 'tab': 'a\tb', 'cr': 'a\rb', 'plain': 'ab', 'quote': "it's \"q\"\n\\", 'uni': 'é→\n😀', 'ctl': 'a\x01\nb\x7f', 'long': long, 'spaces': '  lead\ntrail  ', 'n': 1, 'none': None, 'lst': ['a\nb', {'in': 'c\nd'}], 'nested': {'deep': 'e\tf'}, 'a\nkey': 'v', 'tup': ('t\nu',), 'empty_nl': '\n', 'bell': 'x\x07y\n'} %}
out:
  test.nop:
    - dict: |
        {{ d }}
    - in_list: |
        {{ [d['nested'], 'x\ny'] }}
    - yaml_data: |
        {{ data }}
    - stringified: |
        {{ d|string }}
    - concat: |
        {{ 'p: ' ~ {'k': 'v\nw'} }}
    - formatted: |
        {{ '%s'|format({'k': 'v\nw'}) }}
