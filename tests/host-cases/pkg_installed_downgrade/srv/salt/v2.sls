halitetest-pkg-a:
  pkg.installed:
    - version: '2.0'
    - refresh: False
