base:
  '*':
    - s
