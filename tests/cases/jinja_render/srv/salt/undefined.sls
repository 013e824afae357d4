line1:
  test.nop:
    - name: {{ missing_var }}
