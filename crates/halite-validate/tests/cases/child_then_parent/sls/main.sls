s1:
  test.present:
    - child: {{ params.get('a').get('b') }}
    - parent: {{ params.get('a') }}
    - idx: {{ params['l'][1] }}
    - idx_child: {{ params['m'][0].get('k') }}
s2:
  test.present:
    - parent: {{ params.get('a') }}
s3:
  test.present:
    - child: {{ params.get('a').get('c', 'x') }}
