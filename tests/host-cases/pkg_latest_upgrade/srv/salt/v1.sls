halitetest-pkg-a:
  pkg.installed:
    - version: '1.0'
    - refresh: False
