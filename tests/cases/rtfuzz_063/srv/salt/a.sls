s0:
  test.fail_with_changes:
    - onlyif: false
    - onchanges:
      - s12
      - test: s15
s1:
  test.fail_without_changes:
    - onchanges_in:
      - sls: main
    - onfail_all:
      - test: s6
    - listen_in:
      - test: s2
s2:
  test.configurable_test_state:
    - name: name2
    - changes: False
    - result: True
    - comment: c_s2
    - order: last
    - failhard: True
    - onlyif: false
    - listen:
      - s13
      - sls: b
    - watch_any:
      - test: s8
s10:
  test.fail_without_changes:
    - unless: false
    - require_in:
      - sls: a
s11:
  test.configurable_test_state:
    - name: name11
    - changes: False
    - result: False
    - comment: c_s11
    - unless: true
    - require_any:
      - test: s9
      - test: s3
