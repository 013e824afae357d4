halitetest-kh1.invalid:
  ssh_known_hosts.present:
    - user: halitetest-u14
    - enc: ssh-ed25519
    - key: AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J
    - hash_known_hosts: False
halitetest-kh2.invalid:
  ssh_known_hosts.absent:
    - config: /tmp/halitetest-known-hosts
halitetest-kh9.invalid:
  ssh_known_hosts.absent:
    - user: halitetest-u14
