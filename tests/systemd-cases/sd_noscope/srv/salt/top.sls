base:
  "*":
    - init
