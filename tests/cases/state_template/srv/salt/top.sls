base:
  '*':
    - other
