halitetestsy-h1:
  user.present:
    - password: second-secret
    - hash_password: True
