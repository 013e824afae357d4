id3:
  test.nop:
    - name: /tmp/n3
    - names:
      - id3_n0
      - id3_n1
    - onfail_in:
      - test: id6
    - require_in:
      - test: id15
    - onchanges:
      - sls: b
      - cmd: id0
      - service: id7
id7:
  service.running:
    - name: /tmp/n7
    - names:
      - id7_n0
      - id7_n1:
        - comment: c1
    - mode: 755
    - require_any:
      - cmd: id12
id8:
  file.managed:
    - name: /tmp/n8
    - prereq_in:
      - test: id6
    - use_in:
      - service: id13
      - test: id14
      - test: id0
id9:
  test.nop:
    - order: first
    - require:
      - service: id7
id10:
  file.managed:
    - mode: 644
    - require_any:
      - cmd: id8
      - cmd: id3
    - require_in:
      - test: id3
id13:
  service.running:
    - onfail_any:
      - id4
      - id2
      - test: id9
