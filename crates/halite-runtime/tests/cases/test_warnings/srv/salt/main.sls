warn_str:
  test.configurable_test_state:
    - warnings: be careful
    - changes: False
warn_list:
  test.configurable_test_state:
    - warnings:
      - one
      - two
random_res:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: nope
notif_no_text:
  test.show_notification
