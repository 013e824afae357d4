include:
  - a
  - b
  - c
id3:
  cmd.run:
    - name: /tmp/n3
    - order: last
    - mode: 755
id4:
  service.running:
    - names:
      - id4_n0:
        - comment: c0
    - order: weird
    - mode: 644
    - onchanges:
      - service: id7
    - require:
      - file: id14
      - service: id15
      - id4
    - onfail_in:
      - cmd: /tmp/n9
id5:
  service.running:
    - mode: 600
    - use:
      - test: id15
      - cmd: id3
      - service: id16
id7:
  service.running:
    - name: /tmp/n7
    - mode: 600
    - watch_in:
      - sls: a
      - sls: c
      - test: id9
    - require:
      - service: /tmp/n15
      - cmd: id9
      - service: id2
    - onchanges:
      - test: id1
      - cmd: id4
id8:
  test.succeed_without_changes:
    - require:
      - sls: c
      - sls: main
    - onchanges:
      - test: id8
      - id10
      - file: id14
    - prereq_in:
      - id2
      - service: id16
id9:
  cmd.run:
    - name: /tmp/n9
    - names:
      - id9_n0:
        - comment: c0
      - id9_n1:
        - comment: c1
      - id9_n2
    - order: weird
    - onfail_any:
      - service: id4
    - use:
      - service: id10
      - file: /tmp/n14
      - service: id7
    - watch_in:
      - sls: c
      - id6
id12:
  cmd.run:
    - names:
      - id12_n0
      - id12_n1
      - id12_n2
    - mode: 644
    - prereq:
      - service: id15
      - test: id1
      - test: id8
    - onchanges_in:
      - sls: a
      - service: id7
      - cmd: id12
id14:
  file.managed:
    - name: /tmp/n14
    - order: 100
    - mode: 644
    - use_in:
      - service: id2
    - listen_in:
      - service: id10
id16:
  service.running:
    - names:
      - id16_n0
extend:
  id5:
    service:
      - mode: 700
      - require:
        - test: id2
