a
b
{{ foo( }}
c
