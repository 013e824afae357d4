{% from 'replaces.jinja' import replaces %}
{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
{% for f in ['behind.txt', 'ahead.txt', 'crlf.txt'] %}
copy_{{ f }}:
  file.managed:
    - name: {{ d }}/{{ f }}
    - source: salt://data/{{ f }}
    - makedirs: True
    - order: 1
{% endfor %}
{{ replaces(d) }}
show_bytes:
  cmd.run:
    - name: cat -A {{ d }}/behind.txt {{ d }}/ahead.txt {{ d }}/crlf.txt
    - order: last
