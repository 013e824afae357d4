#!yamlex
bad:
  test.nop:
    - name: {{ not a template }}
