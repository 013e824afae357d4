id0:
  test.succeed_without_changes:
    - name: /tmp/n0
    - onchanges_in:
      - test: id20
      - cmd: id1
      - file: id4
id1:
  cmd.run:
    - name: /tmp/n1
    - listen_in:
      - test: id3
    - watch_in:
      - cmd: id12
      - cmd: id23
id5:
  service.running:
    - name: /tmp/n5
    - order: 5
id6:
  file.managed:
    - comment: plain
id7:
  cmd.run:
    - name: /tmp/n7
    - order: first
id15:
  file.managed:
    - name: /tmp/n15
    - mode: 600
    - prereq:
      - test: id14
id16:
  cmd.run:
    - mode: 644
    - prereq_in:
      - test: /tmp/n0
      - service: id5
      - sls: b
id22:
  cmd.run:
    - name: /tmp/n22
id25:
  service.running:
    - name: /tmp/n25
    - use_in:
      - test: id10
      - sls: c
      - test: id26
    - require_any:
      - sls: b
      - test: /tmp/n0
id26:
  test.succeed_without_changes:
    - name: /tmp/n26
    - order: -1
    - mode: 755
    - require:
      - cmd: id0
      - sls: c
      - test: id3
    - prereq_in:
      - file: /tmp/n24
    - onfail_any:
      - cmd: /tmp/n1
      - cmd: id23
      - test: id21
