base:
  '*':
    - printing
