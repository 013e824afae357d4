base:
  '*':
    - formulas
