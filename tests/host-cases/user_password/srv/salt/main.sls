halitetest-u3:
  user.present:
    - uid: 47003
    - password: '$6$halitesalt$5c1ChsKxEbC9B5pSGzGo2f1kkt4uZ0Ah5L/6pbk4ewybmZ0KJz5lB4rw0dWbJrlg38uoK6oMNsCvxtgYQ2Tk4.'
    - mindays: 1
    - maxdays: 90
    - warndays: 10
    - inactdays: 5
    - expire: 30000
