base:
  '*':
    - errs
