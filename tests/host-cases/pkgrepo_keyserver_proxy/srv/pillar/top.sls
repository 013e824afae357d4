base:
  '*':
    - proxy
