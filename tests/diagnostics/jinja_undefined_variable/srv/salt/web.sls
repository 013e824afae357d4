web:
  test.nop:
    - name: {{ web_root }}
