{% set s = salt['environ.get']('HALITE_SCRATCH') %}
setup:
  cmd.run:
    - name: mkdir -p {{ s }}/exists; printf x > {{ s }}/afile
d1:
  file.directory:
    - name: {{ s }}/newdir
d2:
  file.directory:
    - name: {{ s }}/exists
d3:
  file.directory:
    - name: {{ s }}/x/y/z
d4:
  file.directory:
    - name: {{ s }}/m/n
    - makedirs: True
d5:
  file.directory:
    - name: {{ s }}/moded
    - mode: 700
d6:
  file.directory:
    - name: {{ s }}/afile
d7:
  file.directory:
    - name: {{ s }}/exists
    - mode: 750
