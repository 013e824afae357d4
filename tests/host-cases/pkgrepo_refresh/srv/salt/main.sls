# the fixture's own repository line (a pkgrepo.managed with the default refresh: apt-get
# update, confined to the test repository by the case's env file), then a package from it
halitetest-pkg-main-repo:
  pkgrepo.managed:
    - name: deb [trusted=yes] file:/var/tmp/halitetest-pkg-repo ./
    - file: /etc/apt/sources.list.d/halitetest-pkg.list
halitetest-pkg-b:
  pkg.installed:
    - refresh: False
    - require:
      - pkgrepo: halitetest-pkg-main-repo
