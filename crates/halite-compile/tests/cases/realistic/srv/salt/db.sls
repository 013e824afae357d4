postgres:
  pkg.installed:
    - name: postgresql
  service.running:
    - name: postgresql
    - require:
      - pkg: postgres
db_user:
  cmd.run:
    - name: createuser app
    - unless: psql -c x
    - require:
      - service: postgres
    - require_in:
      - file: nginx_conf
