base:
  '*':
    - bad
    - good
