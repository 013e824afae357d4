{{ 'a' in ['a', 'b'] }} {{ 'a' in 'cat' }} {{ 'app' in pillar }} {{ 'nope' in pillar }} {{ 'web' in grains.roles }}
{{ 1 in {1: 'x'} }} {{ 'name' in pillar['app'] }} {{ 'x' not in {} }} {{ [1] in [[1], [2]] }}
