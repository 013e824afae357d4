id1:
  test.nop:
    - name: /tmp/n1
    - names:
      - id1_n0
      - id1_n1
    - onchanges_in:
      - service: id10
    - watch:
      - service: id3
      - test: id2
      - sls: main
    - watch_in:
      - sls: main
      - id3
      - test: id8
id4:
  test.succeed_without_changes:
    - name: /tmp/n4
    - listen_in:
      - test: id1
      - service: id3
id7:
  test.nop:
    - name: /tmp/n7
    - mode: 644
id10:
  service.running:
    - name: /tmp/n10
    - mode: 600
    - onfail_in:
      - test: id4
      - test: id7
      - test: id7
