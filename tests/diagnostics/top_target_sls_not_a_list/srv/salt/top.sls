base:
  '*':
    web
