base:
  '*':
    - main
    - a
