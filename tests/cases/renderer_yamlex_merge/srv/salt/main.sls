#!yamlex
# salt.serializers.yamlex: a repeated id merges (salt.utils.aggregation); a plain list
# that is merged reads as [] (PyYAML fills it after Salt copied it)
repeated:
  test.succeed_without_changes:
    - name: first
repeated:
  test.succeed_without_changes:
    - name: second
aggregated: !aggregate
  test.configurable_test_state:
    - name: agg
    - changes: False
aggregated: !aggregate
  test.configurable_test_state: !aggregate
    - comment: merged comment
reset:
  test.succeed_without_changes:
    - name: old
!reset reset:
  test.succeed_with_changes:
    - name: new
octal:
  test.configurable_test_state:
    - changes: False
    - comment: 0755
