base:
  '*':
    - ctx
    - pkg
    - pkg.sub
