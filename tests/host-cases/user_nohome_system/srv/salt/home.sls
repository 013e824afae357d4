halitetest-u5:
  user.present:
    - home: /var/tmp/halitetest-u5-home
    - createhome: False
halitetest-u6:
  user.present:
    - home: /var/tmp/halitetest-u6-home
