s3:
  test.fail_with_changes:
    - name: name3
    - order: first
s4:
  test.succeed_with_changes:
    - unless: false
    - require:
      - test: s1
    - onfail:
      - test: s10
s5:
  test.succeed_without_changes:
    - order: last
    - prereq:
      - test: s10
      - test: s10
    - prereq:
      - test: s4
      - test: s6
s6:
  test.fail_with_changes:
    - prereq_in:
      - test: s0
    - onfail_any:
      - test: s4
s11:
  test.nop:
    - name: name11
    - require_any:
      - sls: a
    - prereq_in:
      - test: s2
      - test: s8
