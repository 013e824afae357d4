emptyreq:
  test.nop:
    - require: []
    - watch_in: []
nullreq:
  test.nop:
    - require:
      -
intreq:
  test.nop:
    - require:
      - test: 5
onchg:
  test.nop:
    - onchanges: notlist
    - prereq: notlist
