# sudoers-formula in test mode only: its files pass `visudo -c` (check_cmd), and sudo is not
# the tests' to install. The host's /etc/sudoers is left alone (manage_main_config: False);
# the included file goes to a halitetestsy folder; the package is named after the test
# repository's halitetest-pkg-b so test mode answers the same with or without sudo installed.
sudoers:
  pkg: halitetest-pkg-b
  manage_main_config: False
  includedir: /var/tmp/halitetestsy-sudoers.d
  included_files:
    halitetestsy-ops:
      users:
        halitetestsy-f1:
          - 'ALL=(ALL) NOPASSWD: ALL'
      groups:
        halitetestsy-fg1:
          - 'ALL=(ALL) ALL'
