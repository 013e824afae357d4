deb [trusted=yes] file:/var/tmp/halitetest-pkg-repo-gone bookworm main:
  pkgrepo.managed:
    - file: /etc/apt/sources.list.d/halitetest-pkg-gone.list
    - refresh: False
