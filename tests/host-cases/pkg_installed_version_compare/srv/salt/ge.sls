halitetest-pkg-a:
  pkg.installed:
    - version: '>=1.5'
    - refresh: False
