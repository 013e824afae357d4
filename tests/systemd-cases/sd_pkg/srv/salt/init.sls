packages:
  pkg.installed:
    - refresh: False
    - pkgs:
      - halitetest-pkg-svc
      - halitetest-pkg-daemon
halitetest-pkg-svc:
  service.running:
    - enable: True
    - require:
      - pkg: packages
halitetest-pkg-daemon:
  service.running:
    - watch:
      - pkg: packages
