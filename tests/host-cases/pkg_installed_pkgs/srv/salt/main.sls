halitetest-pkgs:
  pkg.installed:
    - refresh: False
    - pkgs:
      - halitetest-pkg-a
      - halitetest-pkg-b: '1.0'
