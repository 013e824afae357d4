base:
  'nobody':
    - x
