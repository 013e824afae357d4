ports:
  web: 80
  22: ssh
  api: 8080
  10: x
