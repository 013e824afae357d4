id0:
  service.running:
    - prereq:
      - test: id1
    - listen_in:
      - test: id7
      - sls: a
    - require_any:
      - file: id10
id1:
  test.succeed_without_changes:
    - name: /tmp/n1
    - names:
      - id1_n0
      - id1_n1
      - id1_n2:
        - comment: c2
    - order: -3
    - mode: 755
    - onfail:
      - id3
      - sls: a
    - prereq_in:
      - test: id7
      - cmd: id5
      - service: id4
    - watch:
      - test: id9
id3:
  cmd.run:
    - name: /tmp/n3
id4:
  service.running:
    - name: /tmp/n4
    - order: 5
