id6:
  file.managed:
    - mode: 644
    - listen:
      - test: id11
      - cmd: id25
      - test: id7
    - onchanges:
      - service: id4
      - service: id5
      - service: id4
id19:
  file.managed:
    - prereq:
      - test: id22
    - listen_in:
      - cmd: id21
id20:
  file.managed:
    - name: /tmp/n20
    - mode: 600
    - onfail:
      - sls: a
    - prereq:
      - file: id8
      - cmd: id10
    - onchanges_in:
      - test: id5
id24:
  file.managed:
    - mode: 755
    - onfail_any:
      - test: id16
      - file: id6
    - onchanges_in:
      - sls: a
id26:
  test.nop:
    - comment: plain
