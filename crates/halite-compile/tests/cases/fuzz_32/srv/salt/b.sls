id3:
  test.nop:
    - mode: 644
id11:
  test.succeed_without_changes:
    - name: /tmp/n11
id12:
  cmd.run:
    - name: /tmp/n12
    - order: 1
    - require_any:
      - test: /tmp/n0
    - onchanges:
      - cmd: id9
      - cmd: id16
    - onchanges_in:
      - sls: c
      - test: id8
id13:
  service.running:
    - mode: 644
    - use:
      - sls: main
      - sls: main
      - id19
    - onfail_any:
      - test: id20
      - id15
    - require_in:
      - sls: main
      - test: /tmp/n11
id17:
  cmd.run:
    - names:
      - id17_n0
      - id17_n1:
        - comment: c1
      - id17_n2
    - mode: 600
    - listen_in:
      - file: id4
      - cmd: id22
      - sls: a
    - require_in:
      - sls: a
      - cmd: id1
id21:
  test.nop:
    - use:
      - file: /tmp/n24
      - test: id20
      - cmd: /tmp/n1
    - onchanges:
      - test: id19
    - watch:
      - file: id4
id24:
  file.managed:
    - name: /tmp/n24
    - onfail_in:
      - test: id19
