halitetest-u19:
  user.present:
    - groups:
      - halitetest-g192
