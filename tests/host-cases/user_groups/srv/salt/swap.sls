halitetest-u2:
  user.present:
    - uid: 47002
    - groups:
      - halitetest-g22
      - halitetest-g23
