id1:
  test.nop:
    - mode: 600
    - use:
      - cmd: id3
      - file: id4
    - onfail_any:
      - test: id1
    - onfail_any:
      - cmd: id2
      - sls: main
id2:
  cmd.run:
    - mode: 644
    - require_in:
      - service: id6
      - sls: b
    - use_in:
      - test: id9
      - test: id1
    - use_in:
      - test: id7
      - service: id6
      - test: id6
id5:
  file.managed:
    - mode: 644
id6:
  service.running:
    - name: /tmp/n6
    - use:
      - cmd: id3
      - cmd: id8
id7:
  test.succeed_without_changes:
    - name: /tmp/n7
    - mode: 755
    - use_in:
      - test: id1
      - file: id0
    - listen:
      - test: id7
    - listen:
      - id0
      - sls: b
      - service: id6
