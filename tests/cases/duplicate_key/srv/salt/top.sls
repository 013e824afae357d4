base:
  '*':
    - dup
