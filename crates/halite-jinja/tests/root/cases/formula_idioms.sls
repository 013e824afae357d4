{%- set app = salt['pillar.get']('app', {}) %}
{%- set port = app.get('port', 80) %}
{%- set settings = {'debug': False} %}
{%- do settings.update(app.get('settings', {})) %}
{%- for user in app.get('users', []) %}
user_{{ user }}:
  user.present:
    - name: {{ user }}
    {%- if user in pillar.get('users', {}) %}
    - uid: {{ pillar['users'][user]['uid'] }}
    {%- endif %}
{%- endfor %}
config:
  file.managed:
    - name: /etc/app.conf
    - contents: |
        port={{ port }}
        {%- for k, v in settings | dictsort %}
        {{ k }}={{ v }}
        {%- endfor %}
    - context: {{ settings | json }}
