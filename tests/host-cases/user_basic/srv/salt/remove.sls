halitetest-u1:
  user.absent:
    - purge: True
halitetest-g1:
  group.absent:
    - require:
      - user: halitetest-u1
