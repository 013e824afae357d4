halitetestsd-a:
  service.dead:
    - enable: False
halitetestsd-b:
  service.dead: []
halitetestsd-static:
  service.dead:
    - enable: False
halitetestsd-sysv:
  service.dead:
    - enable: False
halitetestsd-nope:
  service.dead: []
