halitetest-svc:
  service.masked: []
