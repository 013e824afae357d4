up:
  service.running:
    - name: halitetest-svc-missing
down:
  service.dead:
    - name: halitetest-svc-missing
on:
  service.enabled:
    - name: halitetest-svc-missing
off:
  service.disabled:
    - name: halitetest-svc-missing
