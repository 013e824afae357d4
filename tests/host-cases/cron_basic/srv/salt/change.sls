/usr/bin/true halitetest-job1:
  cron.present:
    - user: halitetest-u10
    - minute: 5
    - hour: 4
    - commented: True
halitetest-job2:
  cron.present:
    - name: /usr/bin/echo changed
    - identifier: halitetest-job2
    - user: halitetest-u10
    - minute: '*/10'
