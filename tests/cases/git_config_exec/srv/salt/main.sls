{#- The git.config_* execution functions from a template and from module.run, and the
    states' exceptions. A scratch repository is made while rendering. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/gitcfg' %}
{% set r = d ~ '/repo' %}
{% do salt['cmd.run']('set -e; mkdir -p ' ~ d ~ '; cd ' ~ d ~ '; git init -q repo; cd repo; git config halite.multi a; git config --add halite.multi b; git config halite.one x; git config halite.two y', python_shell=True, env={'HOME': d}) %}
{% set set_one = salt['git.config_set']('halite.tpl', 'v', cwd=r) %}
{% set set_multi = salt['git.config_set']('halite.tplm', multivar='p,q', cwd=r) %}
{% set added = salt['git.config_set']('halite.tpl', 'w', cwd=r, add=True) %}
{% set get_last = salt['git.config_get']('halite.tpl', cwd=r) %}
{% set get_all = salt['git.config_get']('halite.tpl', cwd=r, all=True) %}
{% set get_none = salt['git.config_get']('halite.nothere', cwd=r) %}
{% set regexp = salt['git.config_get_regexp']('^halite\\.', cwd=r) %}
{% set regexp_value = salt['git.config_get_regexp']('halite', '^[pw]$', cwd=r) %}
{% set regex_alias = salt['git.config_get_regex']('multi', cwd=r) %}
{% set unset_one = salt['git.config_unset']('halite.one', cwd=r) %}
{% set unset_all = salt['git.config_unset']('halite.tplm', cwd=r, all=True) %}
template_results:
  test.show_notification:
    - text: '{{ [set_one, set_multi, added, get_last, get_all, get_none, regexp, regexp_value, regex_alias, unset_one, unset_all] | json }}'
module_run_get:
  module.run:
    - git.config_get:
      - key: halite.two
      - cwd: {{ r }}
module_run_set:
  module.run:
    - git.config_set:
      - key: halite.mod
      - multivar: [m1, m2]
      - cwd: {{ r }}
module_run_unset_missing:
  module.run:
    - git.config_unset:
      - key: halite.nothere
      - cwd: {{ r }}
module_run_bad_kwarg:
  module.run:
    - git.config_get:
      - key: halite.two
      - cwd: {{ r }}
      - bogus: 1
module_run_no_cwd:
  module.run:
    - git.config_get:
      - key: halite.two
neither_value_nor_multivar:
  git.config_set:
    - name: halite.neither
    - repo: {{ r }}
repo_missing:
  git.config_set:
    - name: halite.x
    - value: v
    - repo: {{ d }}/nonexistent
user_missing:
  git.config_set:
    - name: user.name
    - value: Someone
    - user: halitetestgit-nouser
    - global: True
unset_user_missing:
  git.config_unset:
    - name: user.email
    - user: halitetestgit-nouser
    - global: True
    - all: True
unset_repo_missing:
  git.config_unset:
    - name: halite.x
    - repo: {{ d }}/nonexistent
