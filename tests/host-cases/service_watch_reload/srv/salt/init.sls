/etc/halitetest-svc.conf:
  file.managed:
    - contents: v={{ pillar.get('v', 1) }}
halitetest-svc:
  service.running:
    - reload: True
    - watch:
      - file: /etc/halitetest-svc.conf
