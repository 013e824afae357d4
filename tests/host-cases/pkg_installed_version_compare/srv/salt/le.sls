halitetest-pkg-b:
  pkg.installed:
    - version: '<=1.0'
    - refresh: False
