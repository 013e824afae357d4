/usr/bin/true no such user:
  cron.present:
    - user: halitetest-nosuchuser18
halitetest-u18:
  user.present:
    - uid: 47018
    - createhome: False
/usr/bin/true multi:
  cron.present:
    - user: halitetest-u18
    - minute: 0
    - hour: '1,13'
    - dayweek: 1-5
    - comment: |
        first line
        second line
    - require:
      - user: halitetest-u18
/usr/bin/true  spaced  :
  cron.present:
    - user: halitetest-u18
    - identifier: spaced
    - daymonth: 1
    - month: 6
    - require:
      - user: halitetest-u18
