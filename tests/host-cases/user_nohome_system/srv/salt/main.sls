halitetest-u5:
  user.present:
    - uid: 47005
    - createhome: False
    - system: True
    - shell: /usr/sbin/nologin
halitetest-u6:
  user.present:
    - uid: 47006
    - home: /var/tmp/halitetest-u6-home
    - usergroup: False
    - gid: 100
