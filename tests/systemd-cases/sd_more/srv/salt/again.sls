/etc/halitetestsd-more.conf:
  file.managed:
    - contents: more again
noreload:
  service.running:
    - name: halitetestsd-noreload
    - reload: True
    - watch:
      - file: /etc/halitetestsd-more.conf
sysv-reload:
  service.running:
    - name: halitetestsd-sysv
    - reload: True
    - watch:
      - file: /etc/halitetestsd-more.conf
alias-dead:
  service.dead:
    - name: halitetestsd-al
    - enable: False
