base:
  '*':
    - scanner
    - parser
