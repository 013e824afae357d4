id2:
  test.nop:
    - name: /tmp/n2
    - mode: 600
    - watch:
      - sls: c
      - test: /tmp/n2
    - require_any:
      - sls: a
    - onfail_in:
      - cmd: id9
      - cmd: id4
      - sls: main
id5:
  service.running:
    - names:
      - id5_n0
    - mode: 644
