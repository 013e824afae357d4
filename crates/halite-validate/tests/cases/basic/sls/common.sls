common_state:
  test.present:
    - v: {{ params.get('common_v') }}
