{% if true %}
x:
  test.nop
