id1:
  test.succeed_without_changes:
    - mode: 644
    - listen_in:
      - sls: b
    - watch_in:
      - cmd: id0
    - listen_in:
      - cmd: id3
id10:
  service.running:
    - name: /tmp/n10
    - use:
      - cmd: id11
    - watch:
      - test: id8
      - id3
      - test: id8
id15:
  service.running:
    - name: /tmp/n15
    - mode: 755
    - use_in:
      - test: id2
      - cmd: id9
      - id5
    - onfail_any:
      - sls: b
      - id16
    - onfail_any:
      - service: id13
      - service: id16
      - cmd: id12
