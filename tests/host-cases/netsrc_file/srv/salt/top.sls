base:
  '*':
    - files
    - archive
