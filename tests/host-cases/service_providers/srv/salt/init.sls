halitetest-svc:
  service.running: []
enable-it:
  service.enabled:
    - name: halitetest-svc
