127.0.0.1:
  ssh_known_hosts.present:
    - config: /tmp/halitetestsy-kh/known_hosts
    - port: 2299
    - enc: ssh-ed25519
    - hash_known_hosts: False
