halitetest-u15:
  user.present:
    - password_lock: True
    - date: 19001
    - inactdays: 3
halitetest-u16:
  user.present:
    - password: '$6$def$abcdefghij0123456789'
    - createhome: False
