fail-enabled:
  service.enabled:
    - name: halitetestsd-fail
masked-enabled:
  service.enabled:
    - name: halitetestsd-b
template-dead:
  service.dead:
    - name: halitetestsd-t@one
    - enable: False
static-dead:
  service.dead:
    - name: halitetestsd-static
    - enable: False
