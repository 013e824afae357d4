base:
  '*':
    - tls
