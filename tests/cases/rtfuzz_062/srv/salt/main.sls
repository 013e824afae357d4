include:
  - a
  - b
s0:
  test.succeed_with_changes:
    - names:
      - s0_n0
    - order: last
    - use:
      - s6
      - test: s13
s1:
  test.fail_without_changes:
    - check_cmd: true
s3:
  test.succeed_without_changes:
    - name: name3
    - onfail_in:
      - sls: main
      - test: s9
    - require_in:
      - test: s6
      - test: s1
    - require_in:
      - test: name16
      - test: s1
s5:
  test.succeed_with_changes:
    - onfail_all:
      - test: s13
s10:
  test.nop:
    - onlyif: false
    - onfail:
      - test: s2
s12:
  test.fail_with_changes:
    - order: 3
    - onfail_all:
      - sls: b
      - s9
