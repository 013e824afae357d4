#!jinja | nacl | yaml
x:
  test.nop:
    - name: "{{ 6 }}"
