halitetest-pkg-conf:
  pkg.installed:
    - refresh: False
