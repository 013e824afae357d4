base:
  '*':
    - webapp
  'G@roles:web':
    - webapp.site
