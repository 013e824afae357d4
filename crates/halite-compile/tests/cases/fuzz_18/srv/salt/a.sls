id1:
  cmd.run:
    - mode: 755
    - onfail_any:
      - id11
      - cmd: id2
      - file: id8
id2:
  cmd.run:
    - name: /tmp/n2
    - names:
      - id2_n0:
        - comment: c0
    - order: -3
    - mode: 755
    - require:
      - sls: c
    - onfail_in:
      - cmd: id7
      - cmd: id7
    - onchanges_in:
      - service: id10
id5:
  test.succeed_without_changes:
    - name: /tmp/n5
    - mode: 644
id6:
  file.managed:
    - order: -3
    - mode: 644
    - prereq:
      - sls: c
      - sls: b
    - listen_in:
      - file: id4
      - cmd: id1
      - cmd: id2
id7:
  cmd.run:
    - name: /tmp/n7
