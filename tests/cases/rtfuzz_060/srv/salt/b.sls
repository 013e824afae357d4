s5:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s5
    - onlyif: true
    - prereq:
      - test: s9
    - onchanges_in:
      - test: s3
s8:
  test.succeed_without_changes:
    - onlyif: true
    - onfail_any:
      - test: s2
    - prereq:
      - test: s14
    - onchanges_in:
      - sls: b
      - s3
s9:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s9
    - require:
      - test: s1
      - test: s12
s10:
  test.nop:
    - name: name10
    - order: 10
    - check_cmd: true
    - onchanges_any:
      - test: s7
    - listen_in:
      - test: s13
s12:
  test.succeed_without_changes:
    - name: name12
    - order: 10
    - onfail_in:
      - test: s13
      - test: name13
    - onfail_all:
      - s8
    - watch:
      - sls: main
