id9:
  service.running:
    - order: -3
    - mode: 644
id10:
  service.running:
    - name: /tmp/n10
    - mode: 600
    - onfail:
      - sls: c
    - watch:
      - id4
      - service: id9
id11:
  service.running:
    - name: /tmp/n11
    - names:
      - id11_n0:
        - comment: c0
    - require_in:
      - sls: a
    - watch:
      - test: id2
