{%- set users = [{'name': 'a', 'admin': true, 'uid': 3}, {'name': 'b', 'admin': false, 'uid': 1}, {'name': 'c', 'admin': true, 'uid': 2}] %}
{{ users | selectattr('admin') | map(attribute='name') | list }}
{{ users | rejectattr('admin') | map(attribute='name') | list }}
{{ users | selectattr('uid', 'equalto', 2) | map(attribute='name') | list }}
{{ users | sort(attribute='uid') | map(attribute='name') | join(',') }}
{{ [1, 2, 3, 4] | select('odd') | list }} {{ [1, 2, 3, 4] | reject('even') | list }} {{ [1, 2, 3, 4] | select('gt', 2) | list }}
{{ ['1', '2'] | map('int') | list }} {{ ['a', 'b'] | map('upper') | list }}
{{ [1, 2, 3, 4, 5] | batch(2) | list }} {{ [1, 2, 2, 3, 1] | unique | list }}
{{ users | groupby('admin') | map(attribute='grouper') | list }}
{{ {'b': 1, 'a': 2} | dictsort }} {{ {'b': 1, 'a': 2} | dictsort(by='value') }}
{{ [1, 2, 3] | union([3, 4]) }} {{ [1, 2, 3] | intersect([2, 3, 4]) }} {{ [1, 2, 3] | difference([2]) }} {{ [1, 2, 3] | symmetric_difference([3, 4]) }}
{{ [1, [2, [3, none]], 'x'] | flatten }} {{ [1, [2, [3]]] | flatten(levels=1) }}
{{ [true, false, 0] | exactly_one_true }} {{ [1, 1, 0] | exactly_n_true(2) }}
{{ 'x' | sequence }} {{ ['x'] | sequence }} {{ [1] | is_list }} {{ 'x' | is_list }}
{{ [1, 2, 3, 4] | avg }} {{ {'a': {'b': [10, 20]}} | traverse('a:b:1') }} {{ {'a': 1} | traverse('x:y', 'dflt') }}
