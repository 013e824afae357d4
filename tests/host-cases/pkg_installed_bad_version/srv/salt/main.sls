halitetest-pkg-a:
  pkg.installed:
    - version: '9.9'
    - refresh: False
