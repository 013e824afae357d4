{% set s = salt['environ.get']('HALITE_SCRATCH') %}
{% set bk = s ~ '/cache/file_backup' ~ s %}
setup:
  cmd.run:
    - name: >-
        mkdir -p {{ s }}/tmp; printf 'old\n' > {{ s }}/old; chmod 640 {{ s }}/old; printf 'same\n' > {{ s }}/same; printf 'src old\n' > {{ s }}/src_existing; printf '{"a": 0}\n' > {{ s }}/data.json; printf 'nobackup\n' > {{ s }}/nob; printf 'chk\n' > {{ s }}/chk
changed:
  file.managed:
    - name: {{ s }}/old
    - contents: new
    - backup: minion
changed_again:
  file.managed:
    - name: {{ s }}/old
    - contents: newer
    - backup: minion
unchanged:
  file.managed:
    - name: {{ s }}/same
    - contents: same
    - backup: minion
new_contents:
  file.managed:
    - name: {{ s }}/newc
    - contents: fresh
    - backup: minion
new_source:
  file.managed:
    - name: {{ s }}/news
    - source: salt://files/src.txt
    - backup: minion
existing_source:
  file.managed:
    - name: {{ s }}/src_existing
    - source: salt://files/src.txt
    - backup: minion
serialized:
  file.serialize:
    - name: {{ s }}/data.json
    - dataset:
        a: 1
    - formatter: json
    - backup: minion
no_backup:
  file.managed:
    - name: {{ s }}/nob
    - contents: changed
with_check:
  file.managed:
    - name: {{ s }}/chk
    - contents: checked
    - backup: minion
    - check_cmd: grep -q checked
    - tmp_dir: {{ s }}/tmp
report:
  cmd.run:
    - name: >-
        cd {{ bk }} && find . -type f | sort | while read f; do echo "$(echo $f | sed -E 's/__salt\.tmp\.[a-z0-9_]{8}/__salt.tmp.X/; s/_(Mon|Tue|Wed|Thu|Fri|Sat|Sun)_(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)_[0-9]{2}_[0-9]{2}:[0-9]{2}:[0-9]{2}_[0-9]{6}_[0-9]{4}$/_STAMP/') $(stat -c %a $f) $(cat $f | tr '\n' '|')"; done| sort
    - order: last
