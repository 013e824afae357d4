base:
  '*':
    - smoke
