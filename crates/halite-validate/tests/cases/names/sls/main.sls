multi:
  test.present:
    - names:
      - one
      - {{ params.get('second_name') }}
      - three
    - v: {{ params.get('v') }}
