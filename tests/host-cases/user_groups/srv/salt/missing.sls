halitetest-u2:
  user.present:
    - groups:
      - halitetest-g21
      - halitetest-missing1
