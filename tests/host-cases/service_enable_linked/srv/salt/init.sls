# one service, three states on it, in file order
halitetest-svc:
  service.running:
    - enable: True
enabled-too:
  service.enabled:
    - name: halitetest-svc
stopped-but-enabled:
  service.dead:
    - name: halitetest-svc
    - enable: True
