base:
  "*":
    - web
