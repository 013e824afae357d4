include:
  - other
extend:
  base_file:
    file:
      - user: admin
      - mode: 600
      - require:
        - test: dep2
      - watch:
        - test: dep2
  svc:
    service:
      - dead
      - enable: False
  dep2:
    cmd.run:
      - name: echo new state type
