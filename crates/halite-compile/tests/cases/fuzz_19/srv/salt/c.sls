exclude:
  - id: id1
