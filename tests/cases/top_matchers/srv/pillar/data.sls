role: db
nested:
  level: deep
