leaf:
  test.present:
    - a: {{ params['list'][0] }}
    - b: {{ params['list'][0].get('name') }}
