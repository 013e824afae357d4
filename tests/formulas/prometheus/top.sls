base:
  '*':
    - formula
