salt://crontab.jinja:
  cron.file:
    - user: halitetestsy-c1
    - template: jinja
    - context:
        minute: 7
    - defaults:
        minute: 1
        hour: 4
