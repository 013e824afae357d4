base:
  "*":
    - climb
