s0:
  test.succeed_without_changes:
    - names:
      - s0_n0
      - s0_n1
      - s0_n2
    - onlyif: true
    - onfail_any:
      - test: s11
      - sls: main
s3:
  test.succeed_without_changes:
    - name: name3
    - onchanges_in:
      - test: s15
      - s2
    - onfail_in:
      - test: s2
    - use:
      - test: s13
s7:
  test.succeed_without_changes:
    - name: name7
    - onfail_in:
      - test: s15
s8:
  test.succeed_with_changes:
    - name: name8
    - unless: true
    - require_in:
      - test: s5
s11:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s11
    - onfail_in:
      - sls: b
    - onchanges_any:
      - sls: main
      - test: name16
    - watch_in:
      - test: s13
      - test: s8
s15:
  test.succeed_without_changes:
    - name: name15
