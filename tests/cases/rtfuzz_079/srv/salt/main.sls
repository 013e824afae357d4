include:
  - a
  - b
s1:
  test.succeed_without_changes:
    - names:
      - s1_n0
    - require:
      - s9
    - prereq_in:
      - test: s13
    - listen_in:
      - test: s13
      - test: s11
s3:
  test.succeed_without_changes:
    - name: name3
    - order: 1
    - unless: true
    - onchanges:
      - sls: a
s5:
  test.fail_without_changes:
    - unless: false
    - onfail_all:
      - test: s9
      - test: s4
    - prereq_in:
      - test: s2
      - s6
s7:
  test.fail_without_changes:
    - name: name7
    - onfail_in:
      - test: s13
      - sls: b
s11:
  test.fail_without_changes:
    - name: name11
    - prereq_in:
      - sls: b
    - require_any:
      - test: s5
      - test: s10
s12:
  test.succeed_without_changes:
    - name: name12
    - onlyif: false
    - watch:
      - test: s7
