halitetest-g1:
  group.present:
    - gid: 47101
halitetest-u1:
  user.present:
    - uid: 47001
    - gid: 47101
    - home: /home/halitetest-u1
    - shell: /bin/sh
    - fullname: Halite Test One
    - roomnumber: '12'
    - workphone: '555-1'
    - require:
      - group: halitetest-g1
