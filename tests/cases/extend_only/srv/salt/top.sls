base:
  '*':
    - one
