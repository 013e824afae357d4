mixed-keys:
  ssh_auth.present:
    - user: halitetestsy-s1
    - source: salt://keys/mixed.pub
    - config: .ssh/authorized_keys2
options-keys:
  ssh_auth.present:
    - user: halitetestsy-s1
    - source: salt://keys/options.pub
    - config: .ssh/authorized_keys2
    - options:
      - no-agent-forwarding
