{% set s = salt['environ.get']('HALITE_SCRATCH') %}
simple:
  cmd.run:
    - name: echo hello
stderr:
  cmd.run:
    - name: echo out; echo err >&2
failing:
  cmd.run:
    - name: 'echo bad; exit 3'
cwd:
  cmd.run:
    - name: pwd
    - cwd: /tmp
env:
  cmd.run:
    - name: echo $FOO-$BAR
    - env:
      - FOO: foo
      - BAR: bar
envdict:
  cmd.run:
    - name: echo $FOO
    - env:
        FOO: dictfoo
shell:
  cmd.run:
    - name: echo $0
    - shell: /bin/sh
codes:
  cmd.run:
    - name: 'exit 7'
    - success_retcodes: [7]
hidden:
  cmd.run:
    - name: echo secret
    - hide_output: True
timeout:
  cmd.run:
    - name: sleep 5
    - timeout: 1
multiline:
  cmd.run:
    - name: |
        echo one
        echo two
loglevel:
  cmd.run:
    - name: echo quiet
    - output_loglevel: quiet
creates_file:
  cmd.run:
    - name: touch {{ s }}/made
    - creates: {{ s }}/made
runas:
  cmd.run:
    - name: id -un
    - runas: root
