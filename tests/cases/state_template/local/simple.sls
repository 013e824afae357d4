# state.template renders a file on the minion (not from the file server) and runs it.
{% set who = grains['id'] %}
hello:
  test.succeed_with_changes:
    - name: hi {{ who }}
    - comment_me: {{ sls }}
second:
  test.nop:
    - require:
      - test: hello
