web:
  test:
    - name: x
