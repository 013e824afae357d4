halitetestsd-a:
  service.running: []
halitetestsd-b:
  service.running:
    - unmask_runtime: True
