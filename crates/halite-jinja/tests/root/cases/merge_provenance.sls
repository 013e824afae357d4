{%- set lookup = salt['grains.filter_by']({'Debian': {'b': 1, 'a': 2}}, merge=salt['pillar.get']('app:settings')) %}
{{ lookup | yaml }}
{%- set m = salt['pillar.get']('app', {'settings': {'zz': 1}}, merge=True) %}
{{ m.settings | yaml }} {{ m | yaml }}
{%- set n = salt['pillar.get']('users') %}
{{ n | yaml }}
