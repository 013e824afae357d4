{% set d = {'k': none, 'i': 3, 'f': 2.5, 'b': false} %}
a: {{ d.k.x }} 
