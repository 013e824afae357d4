{%- set users = salt['pillar.get']('users') %}
{{ users | dictsort | map('first') | list }}
{{ users.values() | map(attribute='uid') | list }} {{ users.values() | sum(attribute='uid') }}
{{ users | list }} {{ users.keys() | sort | join(',') }}
{{ [3, 1, 2] | map('string') | join(', ') }} {{ ['a', 'b'] | map('upper') | join }}
{{ users.values() | selectattr('shell', 'defined') | map(attribute='shell') | list }}
{{ users.values() | sort(attribute='uid', reverse=true) | map(attribute='uid') | list }}
{{ [{'a': 1}, {'a': 3}] | map(attribute='a') | max }} {{ ['x', 'y'] | map('length') | sum }}
