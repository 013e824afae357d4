base:
  '*':
    - db
    - webb
