s3:
  test.fail_without_changes:
    - prereq_in:
      - s14
      - test: s12
    - listen_in:
      - s2
    - prereq_in:
      - test: s0
      - s5
s6:
  test.succeed_with_changes:
    - name: name6
    - unless: true
    - onfail_all:
      - test: s12
      - test: s12
s11:
  test.succeed_without_changes:
    - order: 1
    - watch:
      - test: s13
    - onfail_any:
      - test: s9
      - s0
    - prereq:
      - test: s13
      - test: s8
s12:
  test.succeed_without_changes:
    - watch_in:
      - s1
      - test: s4
    - onfail:
      - s6
    - onchanges_any:
      - test: s8
