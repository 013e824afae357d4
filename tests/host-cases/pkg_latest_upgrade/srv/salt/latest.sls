halitetest-latest:
  pkg.latest:
    - refresh: False
    - pkgs:
      - halitetest-pkg-a
      - halitetest-pkg-b
