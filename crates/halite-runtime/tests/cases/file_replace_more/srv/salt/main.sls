{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: printf 'port = 80\nhost = a\nport = 81\n' > {{ s }}/cfg
backref:
  file.replace:
    - name: {{ s }}/cfg
    - pattern: '^port = (\d+)$'
    - repl: 'port = 1\1'
count_one:
  file.replace:
    - name: {{ s }}/cfg
    - pattern: 'host'
    - repl: 'HOST'
    - count: 1
append_missing:
  file.replace:
    - name: {{ s }}/cfg
    - pattern: '^timeout.*$'
    - repl: 'timeout = 5'
    - append_if_not_found: True
prepend_missing:
  file.replace:
    - name: {{ s }}/cfg
    - pattern: '^first.*$'
    - repl: 'first = yes'
    - prepend_if_not_found: True
again_no_change:
  file.replace:
    - name: {{ s }}/cfg
    - pattern: '^timeout.*$'
    - repl: 'timeout = 5'
    - append_if_not_found: True
ignore_missing:
  file.replace:
    - name: {{ s }}/nope
    - pattern: a
    - repl: b
    - ignore_if_missing: True
no_show:
  file.replace:
    - name: {{ s }}/cfg
    - pattern: HOST
    - repl: host
    - show_changes: False
