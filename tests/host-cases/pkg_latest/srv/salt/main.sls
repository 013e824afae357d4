halitetest-pkg-a:
  pkg.latest:
    - refresh: False
