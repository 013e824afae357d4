{{ ['a', 'A', 'a'] | unique }} {{ [[1], [1], [2]] | unique }} {{ [1, 1.0, true] | unique }}
