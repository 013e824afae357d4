bad:
  test.nop:
    - inside: {{ salt['network.ip_in_subnet']('not-an-ip', '10.0.0.0/8') }}
