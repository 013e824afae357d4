changed:
  test.succeed_with_changes: []
unchanged:
  test.succeed_without_changes: []
wait_new:
  module.wait:
    - test.echo:
      - waited
    - watch:
      - test: changed
wait_legacy:
  module.wait:
    - name: test.echo
    - text: waited_legacy
    - watch:
      - test: changed
wait_not_fired:
  module.wait:
    - name: test.echo
    - text: never
    - watch:
      - test: unchanged
wait_alone:
  module.wait:
    - name: test.echo
    - text: x
watch_alias:
  module.watch:
    - name: test.arg
    - m_name: y
    - watch:
      - test: changed
run_with_watch:
  module.run:
    - test.echo:
      - rw
    - watch:
      - test: changed
run_false_with_watch:
  module.run:
    - test.false: []
    - watch:
      - test: changed
wait_failing:
  module.wait:
    - test.false: []
    - watch:
      - test: changed
wait_legacy_unavailable:
  module.wait:
    - name: nosuch.fun
    - watch:
      - test: changed
watch_in_source:
  test.succeed_with_changes:
    - watch_in:
      - module: wait_watch_in
wait_watch_in:
  module.wait:
    - test.arg:
      - a
      - k: v
