halitetest-pkg-a:
  pkg.unheld
