/etc/halitetestsd-a.conf:
  file.managed:
    - contents: a2
halitetestsd-a:
  service.dead:
    - watch:
      - file: /etc/halitetestsd-a.conf
