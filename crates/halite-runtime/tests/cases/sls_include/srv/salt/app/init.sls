include:
  - app.config
app_state:
  test.succeed_without_changes
