halitetest-pkg-a:
  pkg.installed:
    - refresh: False
