id1:
  cmd.run:
    - name: /tmp/n1
    - mode: 644
id11:
  service.running:
    - name: /tmp/n11
    - require:
      - service: /tmp/n13
      - file: id3
      - cmd: id7
    - onchanges_in:
      - sls: a
