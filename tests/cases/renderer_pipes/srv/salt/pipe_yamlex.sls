#!jinja|yamlex
x:
  test.nop:
    - name: {{ 2 }}
