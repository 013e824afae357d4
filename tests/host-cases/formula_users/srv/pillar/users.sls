# users-formula applied for real: two users, a group, an authorized key (no sudo: that
# needs the sudo package, which is not the tests' to install)
users-formula:
  use_vim_formula: false
groups:
  halitetestsy-fg1:
    gid: 47295
users:
  halitetestsy-f1:
    uid: 47293
    fullname: Halite Formula One
    shell: /bin/sh
    groups:
      - halitetestsy-fg1
    ssh_auth:
      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINeeYy3+kozQVbGENZ/Yb7PbonLyYoU86cSL3ouNOBcx halitetestsy-k9
  halitetestsy-f2:
    uid: 47294
    createhome: False
    home: /nonexistent-halitetestsy-f2
    shell: /usr/sbin/nologin
