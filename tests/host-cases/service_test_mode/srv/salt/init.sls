up:
  service.running:
    - name: halitetest-svc
    - enable: True
down:
  service.dead:
    - name: halitetest-svc
    - enable: False
on:
  service.enabled:
    - name: halitetest-svc
off:
  service.disabled:
    - name: halitetest-svc
