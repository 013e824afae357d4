deb [trusted=yes] file:/var/tmp/halitetest-pkg-repo-extra bookworm main:
  pkgrepo.managed:
    - file: /etc/apt/sources.list.d/halitetest-pkg-extra.list
    - refresh: False
