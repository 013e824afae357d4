halitetest-pkg-a:
  pkg.installed:
    - version: '1.0'
    - refresh: False
halitetest-pkg-b:
  pkg.installed:
    - refresh: False
