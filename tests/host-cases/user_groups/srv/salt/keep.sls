halitetest-u2:
  user.present:
    - groups:
      - halitetest-g21
    - remove_groups: False
