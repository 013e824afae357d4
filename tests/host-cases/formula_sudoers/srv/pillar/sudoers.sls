# sudoers-formula applied for real, writing only under a halitetestsy folder: the host's
# /etc/sudoers is left alone (manage_main_config: False) and the included files go to
# /var/tmp/halitetestsy-sudoers-real; the package is the test repository's halitetest-pkg-b
# (sudo is not the tests' to install), and visudo is the one on PATH.
sudoers:
  pkg: halitetest-pkg-b
  manage_main_config: False
  execprefix: {{ salt['cmd.shell']('dirname "$(command -v visudo)"') }}
  includedir: /var/tmp/halitetestsy-sudoers-real
  included_files:
    halitetestsy-ops:
      users:
        halitetestsy-f1:
          - 'ALL=(ALL) NOPASSWD: ALL'
      groups:
        halitetestsy-fg1:
          - 'ALL=(ALL) ALL'
