idx:
  test.present:
    - zero: {{ params['locations'][0] }}
    - three: {{ params['locations'][3].get('xstate') }}
    - two: {{ params['locations'][2]['name'] }}
    - deep: {{ params.get('matrix')[1][2] }}
other:
  test.present:
    - again: {{ params['locations'][3].get('xstate') }}
