halitetest-u1:
  user.present:
    - uid: 47001
    - gid: 47101
    - home: /home/halitetest-u1
    - shell: /bin/bash
    - fullname: Halite Test Renamed
    - homephone: '555-2'
    - other: misc
