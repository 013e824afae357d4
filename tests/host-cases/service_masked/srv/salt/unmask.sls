halitetest-svc:
  service.unmasked: []
