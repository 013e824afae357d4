files:
  file.managed:
    - names:
      - /tmp/a
      - /tmp/b
    - require:
      - test: first
    - watch_in:
      - service: svc
first:
  test.nop
svc:
  service.running:
    - name: nginx
use_names:
  test.nop:
    - require_in:
      - file: /tmp/a
