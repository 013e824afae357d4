halitetest-u7:
  user.absent:
    - purge: True
    - force: True
halitetest-nosuchuser7:
  user.absent
