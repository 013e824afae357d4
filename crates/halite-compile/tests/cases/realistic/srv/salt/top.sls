base:
  '*':
    - web
    - db
