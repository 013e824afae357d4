# state.sls_id runs each chunk of the ID with its requisites against a fresh running dict;
# `multi` has three chunks sharing requisites a and b.
a:
  test.succeed_without_changes
b:
  test.succeed_with_changes:
    - require:
      - test: a
c:
  test.succeed_without_changes:
    - require:
      - test: b
d:
  test.nop
multi:
  test.succeed_with_changes:
    - names:
      - n1
      - n2
    - require:
      - test: b
  cmd.run:
    - name: "true"
    - require:
      - test: d
e:
  test.succeed_without_changes:
    - watch:
      - test: n1
