halitetest-u3:
  user.present:
    - password: '$6$third$xyz'
    - enforce_password: False
