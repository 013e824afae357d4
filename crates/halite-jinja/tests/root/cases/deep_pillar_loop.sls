{%- for name, site in salt['pillar.get']('nginx:sites', {}) | dictsort %}
/etc/nginx/sites-available/{{ name }}.conf:
  file.managed:
    - contents: |
        server {
          listen {{ site.port }};
          server_name {{ name }}.{{ grains['fqdn'].split('.', 1)[1] }};
        }
{%- if site.enabled %}
/etc/nginx/sites-enabled/{{ name }}.conf:
  file.symlink:
    - target: /etc/nginx/sites-available/{{ name }}.conf
{%- endif %}
{%- endfor %}
