halitetest-svc:
  service.running: []
