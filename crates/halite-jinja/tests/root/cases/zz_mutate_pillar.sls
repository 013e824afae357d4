{%- set app = pillar['app'] %}
{%- do app.update({'extra': True}) %}
{{ pillar['app']['extra'] }}
{%- set users = salt['pillar.get']('app:users') %}
{%- do users.append('carol') %}
{{ users }}
{%- do grains['roles'].append('cache') %}
{{ grains['roles'] }}
