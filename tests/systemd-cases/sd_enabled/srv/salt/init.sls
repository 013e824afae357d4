enable-a:
  service.enabled:
    - name: halitetestsd-a
enable-sysv:
  service.enabled:
    - name: halitetestsd-sysv
enable-static:
  service.enabled:
    - name: halitetestsd-static
disable-b:
  service.disabled:
    - name: halitetestsd-b
enable-missing:
  service.enabled:
    - name: halitetestsd-nope
