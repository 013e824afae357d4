up:
  service.running:
    - name: halitetest-svc-missing
down:
  service.dead:
    - name: halitetest-svc-missing
enable-it:
  service.enabled:
    - name: halitetest-svc-missing
disable-it:
  service.disabled:
    - name: halitetest-svc-missing
