base:
  '*':
    - main
