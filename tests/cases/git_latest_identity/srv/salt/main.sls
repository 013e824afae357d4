{#- A bare remote in the scratch folder, made while rendering so test=True sees it too. The
    remote is a local path, so git never runs ssh: these states check how the identity
    files are found, not that ssh uses them (tests/host-cases/git_latest_identity_ssh does). #}
{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/git' %}
{% set env = {'GIT_AUTHOR_NAME': 't', 'GIT_AUTHOR_EMAIL': 't@example.com', 'GIT_COMMITTER_NAME': 't', 'GIT_COMMITTER_EMAIL': 't@example.com', 'GIT_AUTHOR_DATE': '2020-01-01T00:00:00Z', 'GIT_COMMITTER_DATE': '2020-01-01T00:00:00Z', 'HOME': d} %}
{% set setup = 'set -e; mkdir -p ' ~ d ~ '; cd ' ~ d ~ '; git init -q --bare -b main remote.git; git init -q -b main work; cd work; echo one > f.txt; git add f.txt; git commit -qm one; git remote add origin ' ~ d ~ '/remote.git; git push -q origin main' %}
{% do salt['cmd.run'](setup, python_shell=True, env=env) %}
{% do salt['file.write'](d ~ '/localkey', salt['cp.get_file_str']('salt://keys/id_throwaway')) %}
missing_key:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/missing
    - identity: {{ d }}/no_such_key
missing_keys_list:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/missing_list
    - identity:
      - {{ d }}/no_such_key
      - {{ d }}/no_such_key2
relative_key:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/relative
    - identity: keys/id_throwaway
bad_type:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/bad_type
    - identity: 5
salt_missing:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/salt_missing
    - identity: salt://keys/no_such_key
salt_key:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/salt_key
    - identity: salt://keys/id_throwaway
local_key:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/local_key
    - identity: {{ d }}/localkey
missing_then_present:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/mixed
    - identity:
      - {{ d }}/no_such_key
      - salt://keys/id_throwaway
again_with_key:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/salt_key
    - identity: salt://keys/id_throwaway
cloned_identity:
  git.cloned:
    - name: {{ d }}/remote.git
    - target: {{ d }}/cloned
    - identity: {{ d }}/no_such_key
missing_key_missing_user:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/missing_user
    - user: halitetestgit-nouser
    - identity: {{ d }}/no_such_key
present_key_missing_user:
  git.latest:
    - name: {{ d }}/remote.git
    - target: {{ d }}/missing_user2
    - user: halitetestgit-nouser
    - identity: {{ d }}/localkey
