halitetest-svc:
  service.running: []
enable-it:
  service.enabled:
    - name: halitetest-svc
disable-it:
  service.disabled:
    - name: halitetest-svc
