#!yaml
plain:
  test.nop:
    - text: "{{ not_rendered }}"
