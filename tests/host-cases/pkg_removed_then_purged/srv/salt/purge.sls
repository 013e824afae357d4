halitetest-pkg-conf:
  pkg.purged
