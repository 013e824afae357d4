{% for srv in params.get('servers') %}
srv-{{ loop.index }}:
  test.present:
    - host: {{ srv.get('host') }}
    - whole: {{ srv }}
    - len: {{ loop.length }}
{% endfor %}
{% if params.get('servers') %}
truthy-after:
  test.nop: []
{% endif %}
{% set t = params.get('csv') %}
{% set parts = t.split(',') %}
{% if t %}
csv-truthy:
  test.present:
    - parts0: {{ parts[0] }}
{% endif %}
cmp:
  test.present:
    - same: {{ params.get('csv') == params.get('csv') }}
    - dflt: {{ params.get('zz') | default('d') }}
    - str: {{ params.get('s') | string }}
    - in: {{ 'a' in params.get('lst') }}
