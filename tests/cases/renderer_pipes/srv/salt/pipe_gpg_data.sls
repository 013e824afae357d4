#!jinja|yaml|gpg
x:
  test.nop:
    - name: "{{ 1 + 1 }}"
    - a: [1, {b: "plain"}]
