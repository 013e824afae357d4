halitetest-pkg-svc:
  pkg.installed:
    - refresh: False
