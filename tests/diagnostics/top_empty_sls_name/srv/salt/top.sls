base:
  '*':
    - web
    - ''
