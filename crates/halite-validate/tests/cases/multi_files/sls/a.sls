a-state:
  test.present:
    - shared: {{ params.get('shared', 'from-a') }}
