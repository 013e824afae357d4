base:
  '*':
    - {{ nosuch.x }}
