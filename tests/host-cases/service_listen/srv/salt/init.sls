/etc/halitetest-svc.conf:
  file.managed:
    - contents: v={{ pillar.get('v', 1) }}
halitetest-svc:
  service.running:
    - listen:
      - file: /etc/halitetest-svc.conf
after:
  test.succeed_without_changes: []
