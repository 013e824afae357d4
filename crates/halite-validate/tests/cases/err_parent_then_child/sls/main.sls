attr:
  test.present:
    - host: {{ params.get('server').hostname }}
    - port: {{ params.get('server').get('port', 22) }}
    - host2: {{ params.get('server').get('hostname') }}
chain:
  test.present:
    - v: {{ params.get('db').conn.get('user') }}
    - len: {{ params.get('db') | length }}
