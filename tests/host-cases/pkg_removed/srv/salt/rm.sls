halitetest-pkg-a:
  pkg.removed
