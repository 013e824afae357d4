base:
  '*':
    - b
    - a
    - sub
  'nomatch':
    - unused
