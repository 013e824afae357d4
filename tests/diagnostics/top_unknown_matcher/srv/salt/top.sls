base:
  'os:Debian':
    - match: nosuch
    - web
