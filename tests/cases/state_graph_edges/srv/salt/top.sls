base:
  '*':
    - app
    - cycle
