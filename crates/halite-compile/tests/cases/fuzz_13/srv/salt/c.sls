id9:
  file.managed:
    - order: -3
    - mode: 644
    - prereq_in:
      - id6
      - cmd: id8
      - cmd: id12
    - watch:
      - cmd: id8
      - sls: a
    - listen:
      - test: id5
id13:
  service.running:
    - name: /tmp/n13
    - names:
      - id13_n0
    - order: first
    - onchanges_in:
      - service: id13
      - sls: c
