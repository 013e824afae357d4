halitetest-svc:
  service.running:
    - enable: True
