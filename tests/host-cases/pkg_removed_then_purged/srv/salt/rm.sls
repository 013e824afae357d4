halitetest-pkg-conf:
  pkg.removed
