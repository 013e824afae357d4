conf_file:
  file.managed:
    - name: /etc/app.conf
svc:
  service.running:
    - name: app
writer:
  test.nop:
    - require_in:
      - file: /etc/app.conf
      - service: app
