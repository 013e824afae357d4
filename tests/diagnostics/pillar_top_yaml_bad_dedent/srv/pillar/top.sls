base:
  '*':
    - common
  'testminion':
   - common
  - more
