include:
  - a
  - b
  - c
id0:
  test.succeed_without_changes:
    - order: 100
    - mode: 600
    - onfail_in:
      - cmd: id1
      - cmd: id7
      - test: id14
    - onfail:
      - test: id3
    - listen:
      - cmd: id15
id4:
  service.running:
    - mode: 600
id8:
  service.running:
    - order: 100
    - mode: 600
id11:
  cmd.run:
    - onchanges:
      - service: id4
      - service: id15
id13:
  service.running:
    - name: /tmp/n13
    - onchanges_in:
      - test: id0
      - service: id10
      - service: id8
extend:
  id13:
    service:
      - mode: 700
      - require:
        - test: id7
