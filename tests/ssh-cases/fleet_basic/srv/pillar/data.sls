who: fleet
nested:
  a: 1
