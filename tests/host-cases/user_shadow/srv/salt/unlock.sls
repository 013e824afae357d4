halitetest-u15:
  user.present:
    - password_lock: False
    - expire: 30600
