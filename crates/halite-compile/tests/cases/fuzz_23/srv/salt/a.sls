id2:
  test.succeed_without_changes:
    - name: /tmp/n2
id7:
  test.nop:
    - require_in:
      - id1
      - test: id0
id8:
  service.running:
    - name: /tmp/n8
    - listen_in:
      - sls: b
      - id4
    - watch_in:
      - file: id6
    - use_in:
      - id9
      - cmd: id1
      - test: id4
