id3:
  cmd.run:
    - name: /tmp/n3
    - order: first
    - require_any:
      - file: id19
    - onchanges_in:
      - service: id54
      - id32
      - sls: main
id6:
  service.running:
    - order: first
id8:
  test.nop:
    - name: /tmp/n8
    - names:
      - id8_n0:
        - comment: c0
      - id8_n1
    - onfail_in:
      - test: id36
      - test: /tmp/n10
    - onchanges:
      - service: id21
      - test: id23
id27:
  cmd.run:
    - name: /tmp/n27
    - order: -1
    - mode: 600
    - listen:
      - id6
    - require:
      - test: id26
      - test: id11
      - service: id50
    - prereq:
      - sls: c
      - service: id32
id30:
  service.running:
    - names:
      - id30_n0
    - order: weird
    - mode: 644
    - watch_in:
      - sls: main
id36:
  test.succeed_without_changes:
    - name: /tmp/n36
    - watch:
      - cmd: id27
    - prereq:
      - file: id41
      - cmd: id3
      - sls: c
id39:
  test.nop:
    - order: -1
    - mode: 600
    - onchanges:
      - cmd: /tmp/n3
    - use_in:
      - id16
      - test: id22
id52:
  service.running:
    - name: /tmp/n52
    - names:
      - id52_n0:
        - comment: c0
    - order: -1
    - onfail_any:
      - test: id8
      - sls: c
    - onfail_in:
      - file: id0
      - sls: c
