/etc/halitetest-svc.conf:
  file.managed:
    - contents: v={{ pillar.get('v', 1) }}
halitetest-svc:
  service.running:
    - watch:
      - file: /etc/halitetest-svc.conf
