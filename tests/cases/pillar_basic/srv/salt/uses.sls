from_pillar:
  test.nop:
    - port: {{ pillar['app']['port'] }}
    - users: {{ pillar['users'] | json }}
    - get: {{ salt['pillar.get']('app:name') }}
    - missing: {{ salt['pillar.get']('nope', 'dflt') }}
