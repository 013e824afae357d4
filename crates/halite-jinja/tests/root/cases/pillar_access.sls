{{ pillar.app.name }} {{ pillar['app'].port }} {{ pillar.get('app').get('enabled') }} {{ pillar.nothing }} {{ pillar.empty_list }} {{ pillar.empty_dict }}
{{ pillar['users'] | dictsort | map(attribute=0) | list }}
{%- for name, u in pillar['users'].items() %}
{{ name }} {{ u.uid }} {{ u.get('shell', '/bin/bash') }} {{ u.groups | join(',') }}
{%- endfor %}
