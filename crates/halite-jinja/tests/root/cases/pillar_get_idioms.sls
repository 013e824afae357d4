{%- set app = salt['pillar.get']('app', {}) %}
{%- set port = salt['pillar.get']('app:port', 80) | int %}
{{ app.name }} {{ port + 1 }} {{ salt['pillar.get']('app:users', []) | length }}
{{ salt.pillar.get('app:settings:level') }} {{ salt['pillar.get']('nope:deep', {}) }} {{ salt['pillar.get']('nothing', 'd') }}
{{ pillar.get('app', {}).get('enabled', false) }} {{ salt['pillar.get']('app:enabled') is sameas true }}
{%- for user, data in salt['pillar.get']('users', {}).items() %}
{{ user }}: {{ data.get('uid') }} {{ data.get('groups', []) }}
{%- endfor %}
{{ salt['pillar.get']('app:settings') | json }} {{ salt['pillar.get']('app:settings') | yaml }}
