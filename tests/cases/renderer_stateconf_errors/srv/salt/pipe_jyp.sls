#!jinja|yaml|stateconf -p
.x:
  test.nop:
    - name: {{ sls }}
