base:
  '*':
    - secrets
