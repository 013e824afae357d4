include:
  - tops.extra
base:
  '*':
    - one
