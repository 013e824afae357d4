exclude:
  - id: id1
id0:
  file.managed:
    - order: weird
    - onfail_any:
      - cmd: id12
      - service: id11
      - file: id9
id4:
  file.managed:
    - watch:
      - id13
      - id8
      - test: /tmp/n17
    - prereq_in:
      - test: id7
id10:
  service.running:
    - name: /tmp/n10
    - mode: 755
id11:
  service.running:
    - mode: 600
id14:
  file.managed:
    - order: 100
    - listen:
      - cmd: /tmp/n5
      - service: /tmp/n10
      - file: id9
    - listen_in:
      - cmd: /tmp/n5
    - listen:
      - service: id10
