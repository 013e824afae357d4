/usr/bin/true not there:
  cron.absent:
    - user: halitetest-u18
/usr/bin/true multi:
  cron.absent:
    - user: halitetest-u18
