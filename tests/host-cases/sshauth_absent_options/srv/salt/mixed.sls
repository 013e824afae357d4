mixed-keys:
  ssh_auth.absent:
    - user: halitetestsy-s1
    - source: salt://keys/mixed.pub
