role: web
roles:
  - db
  - web
secret: hunter2
port: 5432
ratio: 1.5
enabled: True
disabled: False
nothing: ~
empty: ''
zero: 0
nested:
  login: somelogin
  pwd: secret
  keys: [1, 'two', {three: 3}]
