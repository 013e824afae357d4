common:
  test.present:
    - owner: {{ params.get('owner').get('email', 'nobody@example.com') }}
