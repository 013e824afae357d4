halitetest-svc:
  service.dead:
    - enable: False
