flags:
  test.present:
    - enabled: {{ params.get('enabled', True) }}
    - disabled: {{ params.get('disabled', False) }}
    - nested: {{ params.get('feature').get('on', True) }}
    - zero: {{ params.get('zero', 0) }}
    - empty: "{{ params.get('empty', '') }}"
