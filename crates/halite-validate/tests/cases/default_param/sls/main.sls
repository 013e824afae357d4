dp:
  test.present:
    - w: {{ params.get('c', 'x y z') }}
    - n: {{ params.get('n', 5) + 1 if false else 'k' }}
