base:
  '*':
    - common
    - secrets
