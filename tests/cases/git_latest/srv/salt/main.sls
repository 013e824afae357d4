{#- A bare remote in the scratch folder, made while rendering so test=True sees it too. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/git' %}
{% set env = {'GIT_AUTHOR_NAME': 't', 'GIT_AUTHOR_EMAIL': 't@example.com', 'GIT_COMMITTER_NAME': 't', 'GIT_COMMITTER_EMAIL': 't@example.com', 'GIT_AUTHOR_DATE': '2020-01-01T00:00:00Z', 'GIT_COMMITTER_DATE': '2020-01-01T00:00:00Z', 'HOME': d} %}
{% set setup = 'set -e; mkdir -p ' ~ d ~ '; cd ' ~ d ~ '; git init -q --bare -b main remote.git; git init -q -b main work; cd work; echo one > f.txt; git add f.txt; git commit -qm one; git branch dev; git tag v1; git remote add origin ' ~ d ~ '/remote.git; git push -q origin main dev v1; git clone -q ' ~ d ~ '/remote.git ' ~ d ~ '/existing; git clone -q ' ~ d ~ '/remote.git ' ~ d ~ '/diverged; git clone -q ' ~ d ~ '/remote.git ' ~ d ~ '/urlchange; (cd ' ~ d ~ '/diverged; echo mine > m.txt; git add m.txt; git commit -qm mine); echo two >> f.txt; git commit -qam two; git push -q origin main; mkdir ' ~ d ~ '/nonempty; touch ' ~ d ~ '/nonempty/x' %}
{% do salt['cmd.run'](setup, python_shell=True, env=env) %}
latest_fresh:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest
latest_again:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest
latest_branch:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest_dev
    - rev: dev
    - branch: dev
latest_tag:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest_tag
    - rev: v1
latest_depth:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest_depth
    - rev: main
    - depth: 1
latest_depth_head:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest_depth_head
    - depth: 1
latest_nonempty:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/nonempty
latest_force_clone:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/nonempty
    - force_clone: True
cloned:
  git.cloned:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/cloned
cloned_again:
  git.cloned:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/cloned
cloned_branch:
  git.cloned:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/cloned
    - branch: dev
cloned_relative:
  git.cloned:
    - name: file://{{ d }}/remote.git
    - target: rel/x
push_more:
  cmd.run:
    - name: 'set -e; cd {{ d }}/work; echo three >> f.txt; git commit -qam three; git tag v3; git push -q origin main v3'
    - env: {{ env | json }}
existing_test_ff:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/existing
existing_upstream:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/existing
    - rev: main
switch_new_branch:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/existing
    - rev: dev
    - branch: dev
switch_back:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/existing
    - rev: main
    - branch: main
url_change:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/urlchange
url_change_again:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/urlchange
diverged:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/diverged
diverged_rev_main:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/diverged
    - rev: main
diverged_no_update_head:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/diverged
    - update_head: False
diverged_reset:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/diverged
    - force_reset: True
latest_ff:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest
local_change:
  file.append:
    - name: {{ d }}/latest/f.txt
    - text: local
latest_dirty:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest
latest_reset:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/latest
    - force_reset: True
latest_no_rev:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/x
    - rev: nosuch
latest_relative:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: rel/x
latest_bad_force_reset:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/x
    - force_reset: sometimes
latest_depth_sha:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/x
    - depth: 1
    - rev: abc123
latest_unknown_kwarg:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/x
    - bogus: 1
latest_bad_remote:
  git.latest:
    - name: file://{{ d }}/nosuch.git
    - target: {{ d }}/x
latest_no_such_user:
  git.latest:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/x
    - user: halitetest-fs-nouser
cloned_no_such_user:
  git.cloned:
    - name: file://{{ d }}/remote.git
    - target: {{ d }}/cloned
    - user: halitetest-fs-nouser
