base:
  '*':
    - unreachable
