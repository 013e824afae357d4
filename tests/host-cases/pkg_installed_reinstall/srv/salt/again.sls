halitetest-pkg-a:
  pkg.installed:
    - reinstall: True
    - refresh: False
