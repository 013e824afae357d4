base:
  '*':
    - n
