halitetest-u13:
  user.present:
    - uid: 47013
team-keys:
  ssh_auth.present:
    - user: halitetest-u13
    - source: salt://keys/team.pub
    - require:
      - user: halitetest-u13
missing-keys:
  ssh_auth.present:
    - user: halitetest-u13
    - source: salt://keys/missing.pub
    - require:
      - user: halitetest-u13
