{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# runas needs root (the recorder and the golden test run as root); `nobody` exists everywhere
# and only writes into a world-writable folder under the scratch dir (made traversable).
# Only variables Salt sets itself are printed: the rest of the runas login environment depends
# on the Salt install (the oracle's python is not readable by nobody, so Salt gets none).
traverse:
  cmd.run:
    - name: chmod 711 {{ s }}
shared:
  file.directory:
    - name: {{ s }}/shared
    - mode: 1777
    - require:
      - cmd: traverse
as_nobody:
  cmd.run:
    - name: >-
        id -un; id -gn; pwd; echo "home=$HOME user=$USER";
        echo "lc=$LC_CTYPE/$LC_MESSAGES/$LANGUAGE"; touch {{ s }}/shared/made; stat -c '%U %G %a' {{ s }}/shared/made; umask
    - runas: nobody
    - require:
      - file: shared
locale_root:
  cmd.run:
    - name: echo "lc=$LC_CTYPE/$LC_MESSAGES/$LANGUAGE"
in_cwd:
  cmd.run:
    - name: pwd; id -un
    - runas: nobody
    - cwd: {{ s }}/shared
with_env:
  cmd.run:
    - name: echo "$GREETING $HOME"
    - runas: nobody
    - env:
        GREETING: hi
        HOME: /elsewhere
with_umask:
  cmd.run:
    - name: umask; touch {{ s }}/shared/masked; stat -c %a {{ s }}/shared/masked
    - runas: nobody
    - umask: '077'
denied:
  cmd.run:
    - name: touch {{ s }}/not-shared
    - runas: nobody
as_root:
  cmd.run:
    - name: id -un; pwd; echo "home=$HOME user=$USER"
    - runas: root
no_user:
  cmd.run:
    - name: 'true'
    - runas: no-such-user-here
unless_runas:
  cmd.run:
    - name: echo ran
    - runas: nobody
    - unless: test "$(id -un)" = nobody
onlyif_runas:
  cmd.run:
    - name: echo ran
    - runas: nobody
    - onlyif: test "$(id -un)" = nobody
