base:
  '*':
    - main
dev:
  '*':
    - devstuff
