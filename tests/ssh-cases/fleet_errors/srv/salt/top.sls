base:
  'h1':
    - good
  'h2':
    - bad
