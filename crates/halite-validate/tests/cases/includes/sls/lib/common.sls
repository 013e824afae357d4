common:
  test.present:
    - c: {{ params.get('common') }}
