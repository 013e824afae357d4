# package files fetched over http into the minion's cache, then installed
halitetest-sources-http:
  pkg.installed:
    - refresh: False
    - sources:
      - halitetest-pkg-b: http://127.0.0.1:38393/halitetest-pkg-b-1.0.deb
      - halitetest-pkg-epoch: http://127.0.0.1:38393/halitetest-pkg-epoch-1_1.0_rc1.deb

halitetest-sources-404:
  pkg.installed:
    - refresh: False
    - sources:
      - halitetest-pkg-a: http://127.0.0.1:38393/halitetest-pkg-a-9.9.deb
