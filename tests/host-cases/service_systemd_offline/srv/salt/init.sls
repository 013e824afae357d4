halitetest-svc:
  service.running: []
on:
  service.enabled:
    - name: halitetest-svc
off:
  service.disabled:
    - name: halitetest-svc
