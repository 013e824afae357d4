template:
  service.enabled:
    - names:
      - halitetestsd-t@one
      - halitetestsd-t@two
masked-dead:
  service.dead:
    - name: halitetestsd-a
    - enable: False
masked-running:
  service.running:
    - name: halitetestsd-a
runtime-masked-running:
  service.running:
    - name: halitetestsd-b
    - unmask: True
