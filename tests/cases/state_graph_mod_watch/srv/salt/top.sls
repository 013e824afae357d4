base:
  '*':
    - w
