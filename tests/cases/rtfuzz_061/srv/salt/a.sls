s1:
  test.fail_with_changes:
    - unless: false
s3:
  test.succeed_with_changes:
    - prereq_in:
      - s1
      - s12
s4:
  test.succeed_without_changes:
    - unless: true
    - use:
      - sls: a
      - test: s8
    - onchanges:
      - sls: main
      - test: s8
s7:
  test.configurable_test_state:
    - name: name7
    - changes: True
    - result: True
    - comment: c_s7
    - listen_in:
      - s8
      - test: s15
    - prereq:
      - test: s10
      - test: s2
    - onfail_all:
      - test: s10
      - s2
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - unless: true
    - prereq_in:
      - test: s1
    - listen_in:
      - test: s4
s10:
  test.fail_without_changes:
    - names:
      - s10_n0
      - s10_n1
    - order: last
    - use:
      - test: name13
      - test: s14
s14:
  test.succeed_without_changes:
    - name: name14
    - order: 1
    - onfail_all:
      - sls: b
    - require_any:
      - test: s1
      - s9
