halitetest-svc:
  service.running: []
on:
  service.enabled:
    - name: halitetest-svc
