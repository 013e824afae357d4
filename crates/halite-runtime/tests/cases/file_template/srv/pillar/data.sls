port: 8080
users:
  - alice
  - bob
