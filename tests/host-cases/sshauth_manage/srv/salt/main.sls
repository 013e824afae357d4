halitetestsy-m1:
  user.present:
    - uid: 47101
managed-keys:
  ssh_auth.manage:
    - user: halitetestsy-m1
    - enc: ssh-ed25519
    - comment: halitetestsy
    - ssh_keys:
      - AAAAC3NzaC1lZDI1NTE5AAAAIA4WrsxWd/E6MbJCtkfRVuplpB20upbALlTA/Q1O3C9f
      - AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J
    - require:
      - user: halitetestsy-m1
