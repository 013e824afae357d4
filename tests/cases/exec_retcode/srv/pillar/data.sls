failed:
  result: false
  comment: a dict with a false result
worked:
  result: true
  success: true
unsuccessful:
  success: 0
