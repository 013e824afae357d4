/usr/bin/true halitetest-job1:
  cron.absent:
    - user: halitetest-u10
halitetest-job2:
  cron.absent:
    - name: whatever
    - identifier: halitetest-job2
    - user: halitetest-u10
