{#- A scratch repository with some keys already set, made while rendering so test=True sees
    it too. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/gitcfg' %}
{% set setup = 'set -e; mkdir -p ' ~ d ~ '/plain; cd ' ~ d ~ '; git init -q repo; cd repo; git config halite.same x; git config halite.change old; git config halite.multi a; git config --add halite.multi b; git config halite.num 5' %}
{% do salt['cmd.run'](setup, python_shell=True, env={'HOME': d}) %}
set_new:
  git.config_set:
    - name: halite.single
    - value: v1
    - repo: {{ d }}/repo
set_same:
  git.config_set:
    - name: halite.same
    - value: x
    - repo: {{ d }}/repo
set_change:
  git.config_set:
    - name: halite.change
    - value: new
    - repo: {{ d }}/repo
set_int:
  git.config_set:
    - name: halite.num
    - value: 5
    - repo: {{ d }}/repo
set_int_new:
  git.config_set:
    - name: halite.count
    - value: 7
    - repo: {{ d }}/repo
multivar_new:
  git.config_set:
    - name: halite.list
    - multivar:
      - a
      - 2
      - c
    - repo: {{ d }}/repo
multivar_same:
  git.config_set:
    - name: halite.multi
    - multivar: [a, b]
    - repo: {{ d }}/repo
multivar_reorder:
  git.config_set:
    - name: halite.multi
    - multivar: [b, a]
    - repo: {{ d }}/repo
multivar_string:
  git.config_set:
    - name: halite.csv
    - multivar: x,y
    - repo: {{ d }}/repo
multivar_to_single:
  git.config_set:
    - name: halite.multi
    - value: only
    - repo: {{ d }}/repo
both:
  git.config_set:
    - name: halite.both
    - value: v
    - multivar: [a]
    - repo: {{ d }}/repo
no_repo:
  git.config_set:
    - name: halite.norepo
    - value: v
bad_kwarg:
  git.config_set:
    - name: halite.bad
    - value: v
    - repo: {{ d }}/repo
    - foo: bar
not_a_repo:
  git.config_set:
    - name: halite.plain
    - value: v
    - repo: {{ d }}/plain
bad_key:
  git.config_set:
    - name: nosection
    - value: v
    - repo: {{ d }}/repo
empty_value:
  git.config_set:
    - name: halite.empty
    - value: ''
    - repo: {{ d }}/repo
spaces:
  git.config_set:
    - name: halite.spaced
    - value: '  two words  '
    - repo: {{ d }}/repo
