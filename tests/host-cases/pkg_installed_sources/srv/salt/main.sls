# a package file from the fixture repository, by local path
halitetest-sources:
  pkg.installed:
    - refresh: False
    - sources:
      - halitetest-pkg-b: /var/tmp/halitetest-pkg-repo/halitetest-pkg-b-1.0.deb
      - halitetest-pkg-epoch: /var/tmp/halitetest-pkg-repo/halitetest-pkg-epoch-1_1.0_rc1.deb
