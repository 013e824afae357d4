halitetest-names:
  pkg.installed:
    - refresh: False
    - names:
      - halitetest-pkg-a
      - halitetest-pkg-b
