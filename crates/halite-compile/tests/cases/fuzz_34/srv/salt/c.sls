id11:
  service.running:
    - name: /tmp/n11
    - watch:
      - test: id9
    - use:
      - test: id9
      - service: id17
      - service: id14
id18:
  cmd.run:
    - order: last
    - mode: 600
    - require:
      - test: /tmp/n32
      - cmd: id17
    - watch_in:
      - test: id19
      - sls: a
      - service: id14
    - use_in:
      - service: id25
      - service: id25
      - test: id24
id23:
  test.succeed_without_changes:
    - name: /tmp/n23
    - mode: 755
    - onfail_in:
      - test: /tmp/n19
    - prereq_in:
      - test: /tmp/n20
    - listen_in:
      - service: id10
      - file: id8
id26:
  test.nop:
    - name: /tmp/n26
    - mode: 600
