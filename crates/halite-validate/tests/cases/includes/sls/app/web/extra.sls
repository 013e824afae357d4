extra:
  test.present:
    - v: {{ params.get('extra') }}
