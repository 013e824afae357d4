base:
  '*':
    - init
