#!stateconf yaml . jinja
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
include:
  - app.common

.params:
  stateconf.set:
    - port: 8080
    - user: www

# --- end of state config ---

.config:
  file.managed:
    - name: {{ d }}/{{ params.user }}.conf
    - contents: "port {{ params.port }} dir {{ sls_dir }}"
    - require:
      - stateconf: .params

.run:
  cmd.run:
    - name: echo {{ sls_dir }}
    - watch:
      - file: .config
