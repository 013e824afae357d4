web:
  test.nop:
    - name: {{ 'x' | shout }}
