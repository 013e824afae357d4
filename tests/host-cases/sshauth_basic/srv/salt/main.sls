halitetest-u12:
  user.present:
    - uid: 47012
key-one:
  ssh_auth.present:
    - name: AAAAC3NzaC1lZDI1NTE5AAAAIA4WrsxWd/E6MbJCtkfRVuplpB20upbALlTA/Q1O3C9f
    - user: halitetest-u12
    - enc: ed25519
    - comment: halitetest-k1
    - require:
      - user: halitetest-u12
key-two:
  ssh_auth.present:
    - name: 'no-pty,command="/bin/true" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J halitetest-k2 second'
    - user: halitetest-u12
    - require:
      - user: halitetest-u12
bad-key:
  ssh_auth.present:
    - name: 'not!base64'
    - user: halitetest-u12
    - enc: ssh-ed25519
    - require:
      - user: halitetest-u12
