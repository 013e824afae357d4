# status from the process table: the daemon's command line holds its log file's name
halitetest-svc:
  service.running:
    - sig: halitetest-svc\.log
