pkgs:
  pkg.installed:
    - pkgs: [a, b]
    - require_any:
      - test: q
q:
  test.nop
svc:
  service.running:
    - name: s
    - watch:
      - pkg: pkgs
