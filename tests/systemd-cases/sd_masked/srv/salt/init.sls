mask-a:
  service.masked:
    - name: halitetestsd-a
mask-b-runtime:
  service.masked:
    - name: halitetestsd-b
    - runtime: True
mask-etc:
  service.masked:
    - name: halitetestsd-etc
