{%- set cfg = salt['pillar.get']('nginx', {}) %}
{%- set sites = cfg.get('sites', {}) %}
{%- for name in sites | sort %}
{%- set site = sites[name] %}
{{ name }} {{ site.port }} {{ 'on' if site.enabled else 'off' }}
{%- endfor %}
{{ cfg.lookup.pkg | default('nginx') }} {{ cfg.get('missing', {}).get('x', 'd') }}
