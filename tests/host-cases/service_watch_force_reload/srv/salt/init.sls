/etc/halitetest-svc.conf:
  file.managed:
    - contents: v={{ pillar.get('v', 1) }}
halitetest-svc:
  service.running:
    - reload: True
    - force: True
    - watch:
      - file: /etc/halitetest-svc.conf
full:
  service.running:
    - name: halitetest-svc
    - full_restart: True
    - watch:
      - file: /etc/halitetest-svc.conf
