halitetest-pkg-dep:
  pkg.installed:
    - refresh: False
