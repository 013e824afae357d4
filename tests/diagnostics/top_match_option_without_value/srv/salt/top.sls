base:
  'testminion':
    - match:
    - web
