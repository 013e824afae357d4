{% set url = 'ssh://halitetestgit-ssh@127.0.0.1:47322/home/halitetestgit-ssh/remote.git' %}
wrong_key:
  git.latest:
    - name: {{ url }}
    - target: /home/halitetestgit-ssh/wrong
    - user: halitetestgit-ssh
    - identity: /tmp/halitetestgit-ssh/bogus_key
salt_key:
  git.latest:
    - name: {{ url }}
    - target: /home/halitetestgit-ssh/salt_key
    - user: halitetestgit-ssh
    - identity: salt://keys/id_throwaway
local_key:
  git.latest:
    - name: {{ url }}
    - target: /home/halitetestgit-ssh/local_key
    - user: halitetestgit-ssh
    - identity: /tmp/halitetestgit-ssh/local_key
keys_in_turn:
  git.latest:
    - name: {{ url }}
    - target: /home/halitetestgit-ssh/in_turn
    - user: halitetestgit-ssh
    - identity:
      - /tmp/halitetestgit-ssh/no_such_key
      - /tmp/halitetestgit-ssh/bogus_key
      - salt://keys/id_throwaway
cloned:
  git.cloned:
    - name: {{ url }}
    - target: /home/halitetestgit-ssh/cloned
    - user: halitetestgit-ssh
    - identity: /tmp/halitetestgit-ssh/local_key
