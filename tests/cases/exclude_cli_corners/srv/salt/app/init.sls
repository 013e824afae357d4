app_state:
  test.nop:
    - name: app
also:
  test.nop:
    - watch:
      - test: gone
