managed-keys:
  ssh_auth.manage:
    - user: halitetestsy-m1
    - ssh_keys:
      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA4WrsxWd/E6MbJCtkfRVuplpB20upbALlTA/Q1O3C9f halitetestsy
      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGW1ElYqoSKndeMQMApKtg8mOb+4B5ieyz7ALIKtzWfH third key
