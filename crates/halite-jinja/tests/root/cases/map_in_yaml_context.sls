{%- set users = pillar['users'] %}
users:
{%- for name, u in users | dictsort %}
  {{ name }}:
    uid: {{ u.uid }}
    groups: {{ u.get('groups', []) | yaml }}
    shell: {{ u.get('shell', '/bin/sh') | yaml_encode }}
{%- endfor %}
