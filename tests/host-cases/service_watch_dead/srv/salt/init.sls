/etc/halitetest-svc.conf:
  file.managed:
    - contents: v={{ pillar.get('v', 1) }}
halitetest-svc:
  service.dead:
    - watch:
      - file: /etc/halitetest-svc.conf
