base:
  '*':
    - types
