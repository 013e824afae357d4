id5:
  file.managed:
    - use:
      - test: id24
id6:
  test.succeed_without_changes:
    - name: /tmp/n6
    - mode: 755
id8:
  service.running:
    - require_any:
      - sls: b
      - file: id14
id9:
  file.managed:
    - name: /tmp/n9
    - mode: 600
    - require_any:
      - file: /tmp/n31
id11:
  service.running:
    - name: /tmp/n11
    - mode: 644
    - require:
      - cmd: id10
id13:
  cmd.run:
    - order: -1
    - require:
      - sls: a
    - onfail:
      - test: id15
      - file: id33
      - sls: b
id17:
  cmd.run:
    - name: /tmp/n17
    - names:
      - id17_n0:
        - comment: c0
    - mode: 600
    - onchanges:
      - service: id32
      - id15
    - use:
      - test: id1
id26:
  file.managed:
    - name: /tmp/n26
    - onfail_in:
      - id18
      - file: id33
      - cmd: id10
    - onchanges_in:
      - id22
      - id12
      - sls: a
    - require:
      - file: id19
      - test: id3
      - sls: b
id30:
  test.succeed_without_changes:
    - name: /tmp/n30
    - mode: 755
    - onfail:
      - cmd: id17
      - id20
    - onfail:
      - test: id18
      - sls: main
