base:
  '*':
    - app
    - app.sub.deep
