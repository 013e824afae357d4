base:
  '*':
    - ints
