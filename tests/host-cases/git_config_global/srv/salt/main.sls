halitetestgit-cfg:
  group.present:
    - gid: 47301
  user.present:
    - uid: 47301
    - gid: 47301
    - home: /home/halitetestgit-cfg
    - shell: /bin/sh
    - require:
      - group: halitetestgit-cfg
git_user_name:
  git.config_set:
    - name: user.name
    - value: Halite Test
    - user: halitetestgit-cfg
    - global: True
    - require:
      - user: halitetestgit-cfg
git_multivar:
  git.config_set:
    - name: halite.multi
    - multivar: [a, b, c]
    - user: halitetestgit-cfg
    - global: True
    - require:
      - user: halitetestgit-cfg
git_unset_missing:
  git.config_unset:
    - name: user.email
    - user: halitetestgit-cfg
    - global: True
    - all: True
    - require:
      - user: halitetestgit-cfg
gitconfig_owner:
  cmd.run:
    - name: stat -c '%U:%G %a' /home/halitetestgit-cfg/.gitconfig
    - require:
      - git: git_user_name
