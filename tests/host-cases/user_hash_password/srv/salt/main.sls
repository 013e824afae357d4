halitetestsy-h1:
  user.present:
    - uid: 47111
    - createhome: False
    - password: first-secret
    - hash_password: True
