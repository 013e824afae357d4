ok:
  test.present:
    - v: {{ params.get('region', 'x') }}
needs-value:
  test.present:
    - v: {{ params.get('net').get('cidr') }}
