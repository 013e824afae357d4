{% set s = salt['environ.get']('HALITE_SCRATCH') %}
managed:
  file.managed:
    - name: {{ s }}/out.txt
    - source: salt://tpl.txt
    - template: jinja
keep_newline:
  file.managed:
    - name: {{ s }}/nl.txt
    - source: salt://nl.txt
    - template: jinja
report:
  cmd.run:
    - name: cat -A {{ s }}/out.txt {{ s }}/nl.txt
    - order: last
