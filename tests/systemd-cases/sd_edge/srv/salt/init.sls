halitetestsd-a:
  service.running:
    - no_block: True
halitetestsd-b:
  service.running:
    - unmask: True
    - enable: True
halitetestsd-fail:
  service.running: []
halitetestsd-t@one:
  service.running:
    - enable: True
halitetestsd-static:
  service.running:
    - enable: True
