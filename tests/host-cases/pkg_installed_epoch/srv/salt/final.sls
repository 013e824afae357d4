halitetest-pkg-epoch:
  pkg.installed:
    - version: '1:1.0'
    - refresh: False
