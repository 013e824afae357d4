garble:
  test.present:
    - a: {{ params.get('a') }}test
    - b: pre{{ params.get('b') }}
    - c: {{ params.get('c') }}-{{ params.get('d') }}
    - e: {{ params.get('e') ~ 'abcd' }}
