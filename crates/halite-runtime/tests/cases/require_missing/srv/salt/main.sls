a:
  test.nop:
    - require:
      - test: nothere
b:
  test.nop:
    - require:
      - cmd: a
c:
  test.nop:
    - watch:
      - nope
    - onchanges:
      - test: a
d:
  test.nop:
    - require_any:
      - nothing
      - a
e:
  test.nop:
    - onfail:
      - zzz
