{{ [1, 2, 3][0:2] }} {{ 'hello'[::-1] }} {{ [1, 2, 3, 4] | batch(3, 'x') | list }} {{ [1, 2, 3, 4, 5] | slice(2) | list }}
{{ range(3) | list | reverse | list }} {{ [] | first | default('empty') }} {{ ['a'] * 2 }}
