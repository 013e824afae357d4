shown:
  test.nop:
    - out: {{ salt['cmd.run']('echo a | tr a-z A-Z') | json }}
