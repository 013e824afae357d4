halitetestsd-a:
  service.running:
    - enable: True
halitetestsd-b:
  service.running: []
halitetestsd-static:
  service.running:
    - enable: False
halitetestsd-sysv:
  service.running:
    - enable: True
