halitetest-u19:
  user.present:
    - uid: 47019
    - createhome: False
halitetest-g191:
  group.present:
    - gid: 47191
    - addusers:
      - halitetest-u19
    - require:
      - user: halitetest-u19
halitetest-g192:
  group.present:
    - gid: 47191
    - non_unique: True
    - require:
      - group: halitetest-g191
