include:
  - a
  - b
  - c

