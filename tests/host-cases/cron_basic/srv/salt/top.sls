base:
  "*":
    - main
