halitetest-pkg-b:
  pkg.installed:
    - hold: True
    - refresh: False
