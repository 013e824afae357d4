team-keys:
  ssh_auth.absent:
    - user: halitetest-u13
    - source: salt://keys/team.pub
