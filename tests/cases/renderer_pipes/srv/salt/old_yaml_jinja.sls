#!yaml_jinja
x:
  test.nop:
    - name: {{ 4 }}
