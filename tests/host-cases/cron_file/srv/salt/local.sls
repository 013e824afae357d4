/tmp/halitetestsy-cron/tab:
  cron.file:
    - user: halitetestsy-c1
