/etc/halitetestsd-more.conf:
  file.managed:
    - contents: more
services:
  service.running:
    - names:
      - halitetestsd-a
      - halitetestsd-b
    - init_delay: 1
    - timeout: 20
alias:
  service.running:
    - name: halitetestsd-alias
    - enable: True
noreload:
  service.running:
    - name: halitetestsd-noreload
    - reload: True
    - watch:
      - file: /etc/halitetestsd-more.conf
stopped-watcher:
  service.running:
    - name: halitetestsd-static
    - watch:
      - file: /etc/halitetestsd-more.conf
