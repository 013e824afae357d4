no-such-user:
  cron.file:
    - name: salt://crontab.jinja
    - user: halitetestsy-nosuchuser
no-such-source:
  cron.file:
    - name: salt://missing.cron
    - user: halitetestsy-c1
keep-existing:
  cron.file:
    - name: salt://crontab.jinja
    - user: halitetestsy-c1
    - replace: False
