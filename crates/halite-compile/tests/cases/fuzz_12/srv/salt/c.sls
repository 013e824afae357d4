id3:
  service.running:
    - name: /tmp/n3
id5:
  file.managed:
    - name: /tmp/n5
    - order: 5
    - require:
      - id8
      - sls: c
id11:
  cmd.run:
    - name: /tmp/n11
    - mode: 644
id12:
  test.succeed_without_changes:
    - order: 10001
    - prereq_in:
      - service: id3
      - sls: b
      - sls: b
    - use_in:
      - file: /tmp/n5
      - test: id7
    - listen:
      - test: id13
      - id9
id15:
  cmd.run:
    - mode: 755
    - require_in:
      - id9
    - use:
      - id0
      - cmd: /tmp/n1
      - file: id5
