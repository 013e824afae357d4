base:
  '*':
    - main
    - apps.one
    - apps.two
