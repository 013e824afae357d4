id0:
  cmd.run:
    - mode: 755
    - listen_in:
      - test: id1
      - cmd: id3
      - cmd: id12
    - watch:
      - service: id6
    - onchanges:
      - file: id7
      - sls: c
      - sls: b
id3:
  cmd.run:
    - require:
      - test: id4
    - prereq_in:
      - test: id2
    - onfail_in:
      - service: /tmp/n6
      - sls: main
id6:
  service.running:
    - name: /tmp/n6
    - mode: 755
    - watch_in:
      - service: id9
