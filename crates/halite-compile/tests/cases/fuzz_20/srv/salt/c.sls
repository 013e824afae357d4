id3:
  service.running:
    - name: /tmp/n3
    - watch:
      - file: id9
    - require:
      - file: id11
id6:
  cmd.run:
    - name: /tmp/n6
    - mode: 644
    - onchanges_in:
      - file: id11
      - sls: b
      - test: id7
