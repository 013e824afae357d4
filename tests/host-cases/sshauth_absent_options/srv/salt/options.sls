options-keys:
  ssh_auth.absent:
    - user: halitetestsy-s1
    - source: salt://keys/options.pub
