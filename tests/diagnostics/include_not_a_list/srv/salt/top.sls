base:
  '*':
    - web
