id1:
  file.managed:
    - name: /tmp/n1
    - prereq_in:
      - sls: a
      - id9
    - onfail_any:
      - service: id8
      - service: /tmp/n8
id2:
  service.running:
    - name: /tmp/n2
    - mode: 600
    - onchanges_in:
      - file: /tmp/n1
      - sls: main
      - test: id3
    - watch:
      - sls: a
      - file: /tmp/n1
      - sls: b
    - require_any:
      - cmd: id0
id3:
  cmd.run:
    - mode: 644
    - require_any:
      - file: id1
      - test: id0
      - sls: b
id8:
  service.running:
    - name: /tmp/n8
    - use_in:
      - test: id5
id9:
  test.nop:
    - name: /tmp/n9
    - order: last
    - use_in:
      - test: id5
      - test: id9
      - test: id0
    - watch:
      - service: id2
      - cmd: id7
    - require_any:
      - test: id0
      - cmd: id7
      - file: id1
