halitetest-u15:
  user.present:
    - uid: 47015
    - password: '$6$abc$0123456789abcdefghij'
    - date: 19000
    - expire: 30500
halitetest-u16:
  user.present:
    - uid: 47016
    - empty_password: True
    - createhome: False
