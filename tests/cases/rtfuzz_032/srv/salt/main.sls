include:
  - a
  - b
s0:
  test.succeed_without_changes:
    - order: 10
    - onchanges_in:
      - test: s1
s1:
  test.fail_without_changes:
    - name: name1
    - onfail_in:
      - test: s5
    - onchanges:
      - test: s4
s2:
  test.succeed_with_changes:
    - order: first
    - watch_in:
      - sls: main
s5:
  test.nop:
    - prereq_in:
      - test: s6
s6:
  test.nop:
    - name: name6
    - order: 3
    - require:
      - s2
