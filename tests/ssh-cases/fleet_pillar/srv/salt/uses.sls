show:
  test.succeed_without_changes:
    - name: {{ salt['pillar.get']('password') }} {{ pillar['nested']['key'] }}
