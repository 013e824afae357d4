base:
  '*':
    - common
dev:
  '*':
    - devstuff
