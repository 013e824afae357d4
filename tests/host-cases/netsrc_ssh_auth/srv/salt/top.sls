base:
  '*':
    - keys
