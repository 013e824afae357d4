disable-a:
  service.disabled:
    - name: halitetestsd-a
disable-sysv:
  service.disabled:
    - name: halitetestsd-sysv
running-not-enabled:
  service.running:
    - name: halitetestsd-b
    - enable: False
