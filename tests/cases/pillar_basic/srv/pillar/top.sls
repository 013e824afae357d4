base:
  '*':
    - common
    - app
  'nobody':
    - secret
