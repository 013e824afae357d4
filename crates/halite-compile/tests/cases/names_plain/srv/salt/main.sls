pkgs:
  pkg.installed:
    - names:
      - vim
      - git
      - curl
      - vim
    - refresh: False
after:
  test.nop
