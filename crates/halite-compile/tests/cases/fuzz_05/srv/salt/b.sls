id0:
  service.running:
    - name: /tmp/n0
    - order: last
    - mode: 644
    - require:
      - file: /tmp/n5
      - file: id5
      - id7
    - watch_in:
      - service: id11
