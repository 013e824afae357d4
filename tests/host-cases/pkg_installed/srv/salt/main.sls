# a new user's first state: the default refresh (confined to the test repository)
halitetest-pkg-a:
  pkg.installed
