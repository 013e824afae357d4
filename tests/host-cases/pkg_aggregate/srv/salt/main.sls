halitetest-pkg-a:
  pkg.installed:
    - refresh: False
halitetest-pkg-b:
  pkg.installed:
    - refresh: False
