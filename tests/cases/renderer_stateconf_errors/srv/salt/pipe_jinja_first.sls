#!jinja | stateconf yaml . jinja
.x:
  test.nop:
    - name: {{ "{{ sls_dir }}" }}
