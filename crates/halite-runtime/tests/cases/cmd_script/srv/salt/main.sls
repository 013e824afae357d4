{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# cmd.script copies the script to a temp file (`__salt.tmp.XXXXXXXX.sh`, mode 0500, owned by
# `runas`) in `cwd` (the temp folder without one), runs it as `<shell> -c <file>` and removes it.
# runas needs root (the recorder and the golden test run as root); `nobody` only writes into a
# world-writable folder under the scratch dir (made traversable).
setup:
  cmd.run:
    - name: >-
        chmod 711 {{ s }}; mkdir -m 1777 {{ s }}/shared;
        printf '#!/bin/sh\necho "local $# $1"\n' > {{ s }}/local.sh; touch {{ s }}/exists
plain:
  cmd.script:
    - source: salt://scripts/show.sh
named:
  cmd.script:
    - name: salt://scripts/show.sh
local:
  cmd.script:
    - name: {{ s }}/local.sh
    - require:
      - cmd: setup
local_with_args:
  cmd.script:
    - name: {{ s }}/local.sh one
in_cwd:
  cmd.script:
    - source: salt://scripts/where.sh
    - cwd: {{ s }}
tmpl:
  cmd.script:
    - source: salt://scripts/tmpl.sh
    - template: jinja
    - defaults:
        value: 1
        other: dflt
    - context:
        value: 2
    - extra: given
bad_tmpl:
  cmd.script:
    - source: salt://scripts/bad.sh
    - template: jinja
bad_context:
  cmd.script:
    - source: salt://scripts/tmpl.sh
    - template: jinja
    - context: [1, 2]
bad_env:
  cmd.script:
    - source: salt://scripts/show.sh
    - env: GREETING=hi
with_env:
  cmd.script:
    - source: salt://scripts/show.sh
    - env:
        GREETING: hello
        LC_CTYPE: en_US
    - shell: /bin/sh
with_env_list:
  cmd.script:
    - source: salt://scripts/show.sh
    - env:
      - GREETING: listed
with_args:
  cmd.script:
    - source: salt://scripts/show.sh
    - args: a b c
as_nobody:
  cmd.script:
    - source: salt://scripts/where.sh
    - runas: nobody
    - cwd: {{ s }}/shared
    - require:
      - cmd: setup
as_nobody_show:
  cmd.script:
    - source: salt://scripts/show.sh
    - runas: nobody
no_user:
  cmd.script:
    - source: salt://scripts/show.sh
    - runas: no-such-user-here
stateful:
  cmd.script:
    - source: salt://scripts/stateful.sh
    - stateful: True
stateful_unchanged:
  cmd.script:
    - source: salt://scripts/unchanged.sh
    - stateful: True
stateful_test_name:
  cmd.script:
    - source: salt://scripts/unchanged.sh
    - stateful:
      - test_name: salt://scripts/unchanged.sh
exit3:
  cmd.script:
    - source: salt://scripts/exit3.sh
exit3_ok:
  cmd.script:
    - source: salt://scripts/exit3.sh
    - success_retcodes: [3]
exit3_stdout_ok:
  cmd.script:
    - source: salt://scripts/exit3.sh
    - success_stderr: err
hidden:
  cmd.script:
    - source: salt://scripts/exit3.sh
    - hide_output: True
creates_skip:
  cmd.script:
    - source: salt://scripts/show.sh
    - creates: {{ s }}/exists
    - require:
      - cmd: setup
onlyif_skip:
  cmd.script:
    - source: salt://scripts/show.sh
    - onlyif: 'false'
unless_skip:
  cmd.script:
    - source: salt://scripts/show.sh
    - unless: 'true'
unless_runs:
  cmd.script:
    - source: salt://scripts/show.sh
    - unless: 'false'
missing:
  cmd.script:
    - source: salt://scripts/nothere.sh
missing_local:
  cmd.script:
    - source: {{ s }}/nothere.sh
bad_cwd:
  cmd.script:
    - source: salt://scripts/show.sh
    - cwd: {{ s }}/nodir
noshebang:
  cmd.script:
    - source: salt://scripts/noshebang.sh
first_make:
  cmd.script:
    - source: salt://scripts/makes.sh
    - env:
        MADE: {{ s }}/made
    - creates: {{ s }}/made
second_make:
  cmd.script:
    - source: salt://scripts/makes.sh
    - env:
        MADE: {{ s }}/made
    - creates: {{ s }}/made
    - require:
      - cmd: first_make
waiter:
  cmd.wait_script:
    - source: salt://scripts/show.sh
    - watch:
      - cmd: setup
waiter_idle:
  cmd.wait_script:
    - source: salt://scripts/show.sh
    - watch:
      - cmd: onlyif_skip
on_change:
  cmd.script:
    - source: salt://scripts/show.sh
    - onchanges:
      - cmd: setup
watch_stateful:
  cmd.script:
    - source: salt://scripts/stateful.sh
    - stateful: True
    - watch:
      - cmd: setup
watch_failing:
  cmd.script:
    - source: salt://scripts/exit3.sh
    - watch:
      - cmd: setup
report:
  cmd.run:
    - name: ls -A {{ s }}/shared | wc -l; ls {{ s }} | grep -c __salt.tmp; true
    - order: last
