{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# file.replace and file.blockreplace keep the original as NAME.bak by default (another
# suffix with backup: SUFFIX, none with backup: False); file.line keeps NAME.<timestamp>
# with backup: True. No backup when nothing changes.
setup:
  cmd.run:
    - name: >-
        mkdir -p {{ s }}/e && cd {{ s }}/e &&
        for f in b_empty b_none r_default r_suffix r_false r_same r_owned r_append b_default b_suffix b_false b_owned b_append l_backup l_default; do
        printf 'a=1\n#-- start managed zone --\nold\n#-- end managed zone --\nz\n' > $f; done &&
        printf 'stale\n' > r_default.bak &&
        chown nobody:nogroup r_owned b_owned && chmod 640 r_owned b_owned &&
        touch -d '2001-02-03 04:05:06' r_default b_default
r_default:
  file.replace:
    - name: {{ s }}/e/r_default
    - pattern: a=1
    - repl: a=2
r_suffix:
  file.replace:
    - name: {{ s }}/e/r_suffix
    - pattern: a=1
    - repl: a=2
    - backup: .orig
r_false:
  file.replace:
    - name: {{ s }}/e/r_false
    - pattern: a=1
    - repl: a=2
    - backup: False
r_same:
  file.replace:
    - name: {{ s }}/e/r_same
    - pattern: a=1
    - repl: a=1
r_owned:
  file.replace:
    - name: {{ s }}/e/r_owned
    - pattern: a=1
    - repl: a=2
r_append:
  file.replace:
    - name: {{ s }}/e/r_append
    - pattern: nomatch
    - repl: added
    - append_if_not_found: True
b_default:
  file.blockreplace:
    - name: {{ s }}/e/b_default
    - content: new
b_suffix:
  file.blockreplace:
    - name: {{ s }}/e/b_suffix
    - content: new
    - backup: .orig
b_false:
  file.blockreplace:
    - name: {{ s }}/e/b_false
    - content: new
    - backup: False
b_owned:
  file.blockreplace:
    - name: {{ s }}/e/b_owned
    - content: new
b_same:
  file.blockreplace:
    - name: {{ s }}/e/b_default
    - content: new
b_empty:
  file.blockreplace:
    - name: {{ s }}/e/b_empty
    - content: new
    - backup: ''
b_none:
  file.blockreplace:
    - name: {{ s }}/e/b_none
    - content: new
    - backup: ~
b_append:
  file.blockreplace:
    - name: {{ s }}/e/b_append
    - content: new
    - marker_start: '# START'
    - marker_end: '# END'
    - append_if_not_found: True
l_backup:
  file.line:
    - name: {{ s }}/e/l_backup
    - mode: replace
    - match: a=1
    - content: a=3
    - backup: True
l_default:
  file.line:
    - name: {{ s }}/e/l_default
    - mode: replace
    - match: a=1
    - content: a=3
report:
  cmd.run:
    - name: >-
        cd {{ s }}/e && for f in $(ls | sort); do
        echo "$(echo $f | sed -E 's/\.[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{2}$/.STAMP/') $(stat -c '%a %U:%G' $f) $(case $f in *_default.bak) stat -c %y $f | cut -c1-19;; esac) $(tr '\n' '|' < $f)"; done;
    - order: last
