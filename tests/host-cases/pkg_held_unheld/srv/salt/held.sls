halitetest-pkg-a:
  pkg.held
