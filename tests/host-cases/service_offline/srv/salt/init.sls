halitetest-svc:
  service.running:
    - enable: True
stopped:
  service.dead:
    - name: halitetest-svc
