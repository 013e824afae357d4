base:
  '*':
    - app
    - other
