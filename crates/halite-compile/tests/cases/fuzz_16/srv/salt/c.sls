id0:
  cmd.run:
    - name: /tmp/n0
    - mode: 644
id14:
  test.succeed_without_changes:
    - name: /tmp/n14
    - names:
      - id14_n0
    - prereq:
      - file: id12
