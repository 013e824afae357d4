base:
  '*':
    - webapp
