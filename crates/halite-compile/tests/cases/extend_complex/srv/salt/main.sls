include:
  - other
extend:
  pkgs:
    pkg:
      - require_any:
        - test: r
      - onfail_stop: True
      - latest
  svc:
    service:
      - watch:
        - test: r
      - require_in:
        - test: r
    test:
      - nop
r:
  test.nop
