/etc/halitetestsd-a.conf:
  file.managed:
    - contents: a
/etc/halitetestsd-b.conf:
  file.managed:
    - contents: b
/etc/halitetestsd-sysv.conf:
  file.managed:
    - contents: sysv
halitetestsd-a:
  service.running:
    - watch:
      - file: /etc/halitetestsd-a.conf
halitetestsd-b:
  service.running:
    - reload: True
    - watch:
      - file: /etc/halitetestsd-b.conf
halitetestsd-sysv:
  service.running:
    - force: True
    - watch:
      - file: /etc/halitetestsd-sysv.conf
