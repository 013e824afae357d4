up:
  service.running:
    - name: halitetest-svc
    - enable: True
down:
  service.dead:
    - name: halitetest-svc
    - enable: False
enable-it:
  service.enabled:
    - name: halitetest-svc
disable-it:
  service.disabled:
    - name: halitetest-svc
