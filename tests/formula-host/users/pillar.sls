# Pillar for scripts/formulas/users-host.sh: halitetest users and groups the users formula manages.
groups:
  halitetest-g211:
    gid: 47211
  halitetest-g212:
    gid: 47212
    members:
      - halitetest-u21
users:
  halitetest-u21:
    uid: 47021
    fullname: Halite Formula One
    shell: /bin/bash
    groups:
      - halitetest-g211
    ssh_auth:
      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA4WrsxWd/E6MbJCtkfRVuplpB20upbALlTA/Q1O3C9f halitetest-k1
  halitetest-u22:
    uid: 47022
    createhome: False
    home: /nonexistent-halitetest-u22
    shell: /usr/sbin/nologin
    system: False
    password: '$6$abc$0123456789abcdefghij'
    maxdays: 90
