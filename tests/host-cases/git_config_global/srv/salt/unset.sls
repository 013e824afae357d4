unset_value:
  git.config_unset:
    - name: halite.multi
    - value_regex: '^b$'
    - user: halitetestgit-cfg
    - global: True
unset_multivar_all:
  git.config_unset:
    - name: 'halite\..*'
    - all: True
    - user: halitetestgit-cfg
    - global: True
set_email:
  git.config_set:
    - name: user.email
    - value: halite@example.com
    - user: halitetestgit-cfg
    - global: True
