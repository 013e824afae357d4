{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# state_aggregate: True (minion) and aggregate: True/False per state: Salt only aggregates
# modules with a mod_aggregate (pkg, iptables); these run as usual.
first:
  test.succeed_with_changes:
    - aggregate: True
second:
  test.succeed_with_changes:
    - require:
      - test: first
third:
  test.nop:
    - aggregate: False
    - watch:
      - test: second
run_a:
  cmd.run:
    - name: echo a
    - aggregate: True
run_b:
  cmd.run:
    - name: echo b
    - require_in:
      - cmd: run_a
file_a:
  file.managed:
    - name: {{ s }}/a
    - contents: a
    - aggregate: True
file_b:
  file.managed:
    - name: {{ s }}/b
    - contents: b
    - onchanges:
      - file: file_a
listed:
  test.succeed_without_changes:
    - aggregate:
      - test
      - pkg
