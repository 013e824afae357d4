bad:
  test.nop:
    - net: {{ salt['network.calc_net']('10.0.0.300') }}
