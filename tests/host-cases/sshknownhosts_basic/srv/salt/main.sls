halitetest-u14:
  user.present:
    - uid: 47014
halitetest-kh1.invalid:
  ssh_known_hosts.present:
    - user: halitetest-u14
    - enc: ssh-ed25519
    - key: AAAAC3NzaC1lZDI1NTE5AAAAIA4WrsxWd/E6MbJCtkfRVuplpB20upbALlTA/Q1O3C9f
    - hash_known_hosts: False
    - require:
      - user: halitetest-u14
halitetest-kh2.invalid:
  ssh_known_hosts.present:
    - config: /tmp/halitetest-known-hosts
    - enc: ssh-ed25519
    - key: AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J
    - hash_known_hosts: False
halitetest-kh3.invalid:
  ssh_known_hosts.present:
    - config: relative/known_hosts
    - key: AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J
    - enc: ssh-ed25519
halitetest-kh4.invalid:
  ssh_known_hosts.present:
    - user: halitetest-u14
    - key: AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J
    - require:
      - user: halitetest-u14
