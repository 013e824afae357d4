base_state:
  test.succeed_with_changes:
    - require_in:
      - test: req_target
    - watch_in:
      - test: watch_target
    - onchanges_in:
      - test: oc_target
    - listen_in:
      - cmd: listen_target
req_target:
  test.nop
watch_target:
  test.nop
oc_target:
  test.nop
listen_target:
  cmd.run:
    - name: echo listened
failing:
  test.fail_without_changes:
    - onfail_in:
      - test: of_target
of_target:
  test.nop
pre_target:
  test.succeed_with_changes:
    - prereq_in:
      - test: pre_source
pre_source:
  test.nop
