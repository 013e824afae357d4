{#- PyYAML sorts a plain dict's keys; an int and a str key make sorted() raise TypeError,
    and the dump keeps the dict's insertion order #}
{%- set mixed = {'b': 1, 2: 'two', 'a': 3, 1: 'one'} %}
{%- set ints = {3: 'c', 1: 'a', 2.5: 'f', True: 'b'} %}
{%- set strs = {'z': 1, 'y': {'k': 2, 1: 'x'}, 'x': [ {10: 1, 'q': 2} ]} %}
{%- set nested = {'outer': {'b': 1, 0: 2}} %}
{%- set d = {} %}
{%- do d.update({'web': 1}) %}
{%- do d.update({80: 'http'}) %}
{%- do d.update({'db': 2}) %}
{%- do d.update({443: 'https'}) %}
out:
  test.nop:
    - mixed: {{ mixed|yaml }}
    - mixed_block: {{ mixed|yaml(False)|json }}
    - ints: {{ ints|yaml }}
    - strs: {{ strs|yaml }}
    - nested: {{ nested|yaml }}
    - updated: {{ d|yaml }}
    - pillar: {{ pillar['ports']|yaml }}
    - none_key: {{ {None: 1, 'a': 2}|yaml }}
