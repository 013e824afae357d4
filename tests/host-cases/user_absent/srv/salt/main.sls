halitetest-u7:
  user.present:
    - uid: 47007
