graceful_down:
  cmd.run:
    - name: service stop
    - prereq:
      - file: site
site:
  file.managed:
    - name: /tmp/site
other:
  test.nop:
    - prereq_in:
      - file: site
      - test: third
third:
  test.nop
multi:
  test.nop:
    - prereq:
      - test: third
      - file: site
