base:
  '*':
    - main
    - extra
