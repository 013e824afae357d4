{#- A scratch repository with keys to unset, made while rendering so test=True sees it too. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/gitcfg' %}
{% set setup = 'set -e; mkdir -p ' ~ d ~ '/plain; cd ' ~ d ~ '; git init -q repo; cd repo; git config halite.one x; git config halite.multi a; git config --add halite.multi b; git config --add halite.multi ab; git config halite.multi2 p; git config --add halite.multi2 q; git config sect.k1 v1; git config sect.k2 v2; git config sect.k3 u; git config --add sect.k3 w; git config other.key val; git config other.key2 val2; git config rx.a 1; git config rx.b 22' %}
{% do salt['cmd.run'](setup, python_shell=True, env={'HOME': d}) %}
unset_missing:
  git.config_unset:
    - name: halite.nothere
    - repo: {{ d }}/repo
unset_one:
  git.config_unset:
    - name: halite.one
    - repo: {{ d }}/repo
unset_multivar_refused:
  git.config_unset:
    - name: halite.multi
    - repo: {{ d }}/repo
unset_value_regex_greedy:
  git.config_unset:
    - name: halite.multi
    - value_regex: a
    - repo: {{ d }}/repo
unset_value_regex_one:
  git.config_unset:
    - name: halite.multi
    - value_regex: '^b$'
    - repo: {{ d }}/repo
unset_multivar_all:
  git.config_unset:
    - name: halite.multi2
    - all: True
    - repo: {{ d }}/repo
unset_key_regex:
  git.config_unset:
    - name: 'sect\.k[12]'
    - repo: {{ d }}/repo
unset_key_regex_multivar:
  git.config_unset:
    - name: 'sect\..+'
    - repo: {{ d }}/repo
unset_section_all:
  git.config_unset:
    - name: '^sect\..+$'
    - all: True
    - repo: {{ d }}/repo
unset_anchors:
  git.config_unset:
    - name: '^other.key$'
    - repo: {{ d }}/repo
unset_value_regex_all:
  git.config_unset:
    - name: 'rx\..'
    - value_regex: '^[0-9]$'
    - all: True
    - repo: {{ d }}/repo
unset_value_regex_nomatch:
  git.config_unset:
    - name: other.key2
    - value_regex: nomatch
    - repo: {{ d }}/repo
unset_int_name:
  git.config_unset:
    - name: 5
    - repo: {{ d }}/repo
unset_no_repo:
  git.config_unset:
    - name: halite.one
unset_bad_kwarg:
  git.config_unset:
    - name: halite.one
    - repo: {{ d }}/repo
    - bogus: 1
unset_not_a_repo:
  git.config_unset:
    - name: halite.one
    - repo: {{ d }}/plain
