halitetest-u3:
  user.present:
    - password: '$6$othersalt$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123'
    - maxdays: 60
    - warndays: 7
