base:
  'test*':
    - two
