# upgrades every package with a newer candidate: only the test repository's, since the
# case's APT_CONFIG gives the host's other packages no candidate
halitetest-uptodate:
  pkg.uptodate:
    - pkgs:
      - halitetest-pkg-a
      - halitetest-pkg-b
