keys:
  test.present:
    - mapping:
        {{ params.get('key_name', 'k') }}: {{ params.get('key_value') }}
        static: value
    - list:
      - {{ params.get('l1') }}
      - nested:
          - {{ params.get('l2').get('x') }}
