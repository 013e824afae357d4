base:
  '*':
    - main
    - other
