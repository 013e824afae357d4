id2:
  service.running:
    - name: /tmp/n2
id6:
  test.nop:
    - names:
      - id6_n0
      - id6_n1
      - id6_n2
    - require_in:
      - service: id7
      - id0
      - id3
    - listen:
      - service: id1
