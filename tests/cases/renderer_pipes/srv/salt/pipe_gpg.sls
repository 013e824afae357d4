#!jinja|gpg|yaml
x:
  test.nop:
    - name: {{ 1 + 1 }}
