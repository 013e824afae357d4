base:
  '*':
    - main
    - piped
