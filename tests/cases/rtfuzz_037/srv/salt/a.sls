s3:
  test.fail_without_changes:
    - order: 3
    - prereq:
      - test: s1
      - s1
    - listen:
      - sls: a
s5:
  test.fail_without_changes:
    - require:
      - test: s10
      - sls: main
    - require_in:
      - test: s3
      - test: s4
s6:
  test.fail_without_changes:
    - name: name6
    - names:
      - s6_n0
    - onfail_in:
      - sls: b
      - test: s9
    - use:
      - test: s4
      - test: s0
s13:
  test.succeed_with_changes:
    - name: name13
    - use:
      - test: s7
    - onchanges_in:
      - test: s12
      - test: s12
