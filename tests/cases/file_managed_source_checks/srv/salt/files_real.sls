{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
local_hashfile_missing:
  file.managed:
    - name: {{ out }}/local_hashfile_missing
    - makedirs: True
    - source: {{ opts['file_roots']['base'][0] }}/src.txt
    - source_hash: {{ out }}/nohashes
