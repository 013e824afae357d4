{% set s = salt['environ.get']('HALITE_SCRATCH') %}
{% set bk = s ~ '/cache/file_backup' ~ s %}
setup:
  cmd.run:
    - name: printf 'one\n' > {{ s }}/a; printf 'two\n' > {{ s }}/b; chmod 600 {{ s }}/b
from_config:
  file.managed:
    - name: {{ s }}/a
    - contents: changed
overridden:
  file.managed:
    - name: {{ s }}/b
    - contents: changed
    - backup: 'off'
report:
  cmd.run:
    - name: >-
        cd {{ bk }} && find . -type f | sort | while read f; do echo "$(echo $f | sed -E 's/_(Mon|Tue|Wed|Thu|Fri|Sat|Sun)_(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)_[0-9]{2}_[0-9]{2}:[0-9]{2}:[0-9]{2}_[0-9]{6}_[0-9]{4}$/_STAMP/') $(stat -c %a $f) $(cat $f | tr '\n' '|')"; done | sort
    - order: last
