halitetest-u11:
  user.present:
    - uid: 47011
    - createhome: False
MAILTO:
  cron.env_present:
    - value: halitetest@example.invalid
    - user: halitetest-u11
    - require:
      - user: halitetest-u11
HALITE_EMPTY:
  cron.env_present:
    - user: halitetest-u11
    - require:
      - user: halitetest-u11
/usr/bin/true nightly:
  cron.present:
    - special: '@daily'
    - user: halitetest-u11
    - require:
      - user: halitetest-u11
