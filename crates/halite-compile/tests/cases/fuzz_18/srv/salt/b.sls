id3:
  test.succeed_without_changes:
    - name: /tmp/n3
    - order: 10001
    - listen:
      - sls: c
    - require:
      - file: /tmp/n8
      - cmd: id0
      - sls: c
    - onfail_in:
      - file: /tmp/n8
      - id2
id8:
  file.managed:
    - name: /tmp/n8
    - names:
      - id8_n0
      - id8_n1:
        - comment: c1
id11:
  file.managed:
    - order: first
    - require:
      - cmd: id7
    - onfail_any:
      - service: id10
