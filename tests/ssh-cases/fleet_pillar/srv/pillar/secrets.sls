who: fleet
password: hunter2
port: 8080
enabled: true
off: false
zero: 0
empty: ''
nothing: null
ratio: 1.5
users:
  - alice
  - ''
nested:
  a: 1
  key: s3cret
