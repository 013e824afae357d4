MAILTO:
  cron.env_absent:
    - user: halitetest-u11
/usr/bin/true nightly:
  cron.absent:
    - special: '@hourly'
    - user: halitetest-u11
