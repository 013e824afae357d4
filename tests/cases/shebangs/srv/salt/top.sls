base:
  '*':
    - plainyaml
    - asjson
    - jinjajson
    - oldstyle
