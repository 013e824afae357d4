app:
  name: demo
  port: 8080
  enabled: true
  users:
    - alice
    - bob
  settings:
    debug: false
    level: 3
    ratio: 0.5
nginx:
  lookup:
    pkg: nginx-full
  sites:
    default:
      enabled: true
      port: 80
    api:
      enabled: false
      port: 8081
users:
  alice:
    uid: 1001
    shell: /bin/zsh
    groups: [admin, dev]
  bob:
    uid: 1002
    groups: []
empty_list: []
empty_dict: {}
nothing: null
text: "hello world"
number_string: "42"
