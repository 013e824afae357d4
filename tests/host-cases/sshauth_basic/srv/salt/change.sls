key-one:
  ssh_auth.present:
    - name: AAAAC3NzaC1lZDI1NTE5AAAAIA4WrsxWd/E6MbJCtkfRVuplpB20upbALlTA/Q1O3C9f
    - user: halitetest-u12
    - enc: ssh-ed25519
    - comment: renamed
    - options:
      - no-agent-forwarding
key-two:
  ssh_auth.absent:
    - name: AAAAC3NzaC1lZDI1NTE5AAAAIPLl65HGqXggu169AHvpNPZBOa+jOXp+k+kJA2GYDp2J
    - user: halitetest-u12
key-three:
  ssh_auth.absent:
    - name: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGW1ElYqoSKndeMQMApKtg8mOb+4B5ieyz7ALIKtzWfH halitetest-k3
    - user: halitetest-u12
