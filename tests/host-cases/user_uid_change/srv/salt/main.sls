halitetest-g41:
  group.present:
    - gid: 47141
halitetest-g42:
  group.present:
    - gid: 47142
halitetest-u4:
  user.present:
    - uid: 47004
    - gid: halitetest-g41
    - require:
      - group: halitetest-g41
