nginx_conf:
  test.nop:
    - port: {{ pillar['nginx']['port'] }}
    - server: {{ salt['pillar.get']('nginx:server_name') }}
