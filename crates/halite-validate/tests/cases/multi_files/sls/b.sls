b-state:
  test.present:
    - shared: {{ params.get('shared', 'from-b') }}
    - own: {{ params.get('own') }}
