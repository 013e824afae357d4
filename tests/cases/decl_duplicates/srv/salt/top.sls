base:
  '*':
    - moves
