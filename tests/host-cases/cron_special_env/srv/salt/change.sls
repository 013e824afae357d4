MAILTO:
  cron.env_present:
    - value: other@example.invalid
    - user: halitetest-u11
HALITE_EMPTY:
  cron.env_absent:
    - user: halitetest-u11
/usr/bin/true nightly:
  cron.present:
    - special: '@hourly'
    - user: halitetest-u11
