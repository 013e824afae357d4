base:
  '*':
    - good
