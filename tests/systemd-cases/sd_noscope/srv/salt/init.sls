halitetestsd-a:
  service.running:
    - enable: True
mask-etc:
  service.masked:
    - name: halitetestsd-etc
mask-b:
  service.masked:
    - name: halitetestsd-b
