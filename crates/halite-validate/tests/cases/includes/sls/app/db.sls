include:
  - lib.common
db:
  test.present:
    - host: {{ params.get('db_host', 'localhost') }}
