halitetest-pkg-a:
  pkg.installed:
    - version: '1.0'
    - allow_updates: True
    - refresh: False
