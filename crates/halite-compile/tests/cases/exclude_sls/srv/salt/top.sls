base:
  '*':
    - main
    - a
    - b
