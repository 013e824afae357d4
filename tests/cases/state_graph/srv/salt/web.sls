include:
  - db

nginx:
  test.succeed_without_changes:
    - require:
      - test: database

conf:
  file.managed:
    - name: /tmp/halitetest-graph/nginx.conf
    - contents: hello
    - require_in:
      - test: nginx

reload:
  test.succeed_with_changes:
    - watch:
      - file: conf
    - onchanges:
      - test: nginx

sites:
  test.nop:
    - names:
      - site_a
      - site_b
    - require:
      - sls: db

backup:
  test.nop:
    - prereq:
      - test: reload

logs:
  cmd.run:
    - name: echo logs
    - watch:
      - file: conf
    - onfail:
      - test: site_*
