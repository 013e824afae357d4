id11:
  cmd.run:
    - name: /tmp/n11
    - mode: 755
    - watch_in:
      - id14
      - test: id1
      - test: id1
    - onfail_any:
      - cmd: id0
      - sls: c
      - test: id8
    - require_any:
      - sls: c
