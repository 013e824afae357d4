deb [trusted=yes] file:/var/tmp/halitetest-pkg-repo-gone bookworm main:
  pkgrepo.absent
