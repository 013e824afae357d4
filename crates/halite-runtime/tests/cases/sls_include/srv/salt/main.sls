include:
  - app
main_state:
  test.nop:
    - require:
      - sls: app
main_watch:
  test.nop:
    - watch:
      - sls: app.config
