base:
  '*':
    common
