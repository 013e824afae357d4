halitetest-u10:
  user.present:
    - uid: 47010
    - createhome: False
/usr/bin/true halitetest-job1:
  cron.present:
    - user: halitetest-u10
    - minute: 5
    - hour: 3
    - require:
      - user: halitetest-u10
halitetest-job2:
  cron.present:
    - name: /usr/bin/echo two
    - identifier: halitetest-job2
    - user: halitetest-u10
    - minute: '*/10'
    - comment: every ten minutes
    - require:
      - user: halitetest-u10
