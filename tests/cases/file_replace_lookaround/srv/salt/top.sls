base:
  "*":
    - real
