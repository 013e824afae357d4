base:
  '*':
    - bad
