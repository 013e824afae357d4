{%- set s = '  Hello World  ' %}
[{{ s.strip() }}] [{{ s.lstrip() }}] [{{ s.rstrip() }}] [{{ 'xxhixx'.strip('x') }}]
{{ 'a,b,,c'.split(',') }} {{ 'a b  c'.split() }} {{ 'a:b:c'.split(':', 1) }} {{ 'a:b:c'.rsplit(':', 1) }}
{{ 'abc'.upper() }} {{ 'ABC'.lower() }} {{ 'hello world'.title() }} {{ 'hello World'.capitalize() }}
{{ 'abc'.startswith('a') }} {{ 'abc'.endswith(('x', 'c')) }} {{ 'a-b-c'.replace('-', '_') }} {{ 'a-b-c'.replace('-', '', 1) }}
{{ ', '.join(['a', 'b']) }} {{ 'hello'.find('l') }} {{ 'hello'.find('z') }} {{ 'hello'.count('l') }}
{{ '123'.isdigit() }} {{ 'a1'.isdigit() }} {{ 'l1\nl2\n'.splitlines() }} {{ '7'.zfill(3) }}
{{ '{} and {}'.format('x', 'y') }} {{ '{0}-{1}-{0}'.format(1, 2) }} {{ '{name}!'.format(name='n') }} {{ '{:>5}|{:<4}|{:^7}|{:05.2f}'.format('a', 'b', 'c', 3.14159) }}
{{ 'abc'.center(9, '*') }} {{ 'k=v=w'.partition('=') }} {{ 'ab'.ljust(4) }}|
