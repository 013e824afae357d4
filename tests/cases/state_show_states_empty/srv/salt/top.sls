base:
  'nomatch':
    - a
