unmask-a:
  service.unmasked:
    - name: halitetestsd-a
unmask-b-runtime:
  service.unmasked:
    - name: halitetestsd-b
    - runtime: True
unmask-static:
  service.unmasked:
    - name: halitetestsd-static
