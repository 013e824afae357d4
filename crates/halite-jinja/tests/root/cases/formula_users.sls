{%- set users = salt['pillar.get']('users', {}) %}
{%- for name, user in users.items() %}
{%- set home = user.get('home', '/home/' ~ name) %}
{%- set groups = user.get('groups', []) %}
users_{{ name }}:
  user.present:
    - name: {{ name }}
    - home: {{ home }}
    - uid: {{ user['uid'] }}
    - shell: {{ user.get('shell', salt['pillar.get']('users_defaults:shell', '/bin/bash')) }}
    {%- if groups %}
    - groups:
      {%- for g in groups %}
      - {{ g }}
      {%- endfor %}
    {%- endif %}
{%- endfor %}
