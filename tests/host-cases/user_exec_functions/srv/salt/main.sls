halitetest-g201:
  group.present:
    - gid: 47201
halitetest-g202:
  group.present:
    - gid: 47202
halitetest-u20:
  user.present:
    - uid: 47020
    - gid: 47201
    - createhome: False
    - require:
      - group: halitetest-g201
