include:
  - db
nginx:
  pkg.installed: []
  service.running:
    - enable: True
    - watch:
      - pkg: nginx
      - file: nginx_conf
nginx_conf:
  file.managed:
    - name: /etc/nginx/nginx.conf
    - source: salt://nginx.conf
    - require:
      - pkg: nginx
site_files:
  file.managed:
    - names:
      - /var/www/index.html:
        - contents: index
      - /var/www/about.html:
        - contents: about
    - watch_in:
      - service: nginx
    - require:
      - sls: db
