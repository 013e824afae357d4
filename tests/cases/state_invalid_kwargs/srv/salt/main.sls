# Salt's State.call binds each chunk to its state function with format_call: a keyword the
# function does not take (it has no **kwargs) raises SaltInvocationError out of the whole run
# ("Passed invalid arguments: ..." on stderr, the called function's docstring on stdout,
# exit 1). `before` has run by then, `after` never runs.
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
before:
  file.managed:
    - name: {{ d }}/before
    - contents: x
bad:
  test.configurable_test_state:
    - changes: True
    - bogus: 1
after:
  file.managed:
    - name: {{ d }}/after
    - contents: x
