halitetest-pkg-nope:
  pkg.installed:
    - refresh: False
