# a top file written as a list
- base:
    '*':
      - a
