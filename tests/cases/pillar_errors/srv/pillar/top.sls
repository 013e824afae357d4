base:
  '*':
    - good
    - missing_one
    - broken
